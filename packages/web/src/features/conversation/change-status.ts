import { useMemo, useState } from 'react';

/** The outcome of the settings dialog's last change, read out by its status line. */
export type ChangeStatus =
  { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; reason: string };

/**
 * The server's own wording of a refused change: Relay puts a GraphQL error
 * of an operation without data on `source.errors`.
 */
export function reasonOf(error: Error): string {
  const source = (error as { source?: { errors?: readonly { message?: unknown }[] | null } })
    .source;
  const message = source?.errors?.[0]?.message;
  return typeof message === 'string' && message !== '' ? message : error.message;
}

export function useChangeStatus(): {
  current: ChangeStatus;
  saved: () => void;
  failed: (error: Error) => void;
} {
  const [current, setCurrent] = useState<ChangeStatus>({ kind: 'idle' });
  return useMemo(
    () => ({
      current,
      saved: () => {
        setCurrent({ kind: 'saved' });
      },
      failed: (error: Error) => {
        setCurrent({ kind: 'failed', reason: reasonOf(error) });
      },
    }),
    [current],
  );
}
