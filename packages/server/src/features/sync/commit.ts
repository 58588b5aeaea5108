import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../storage/database';
import {
  failSpan,
  startPublishSpan,
  traceparentOf,
  type SendTrace,
} from '../observability/tracing';
import type { BusMessage } from './bus';
import { appendDeltas, type DeltaEntry, type DeltaNote } from './delta-log';

/** What publishing a commit's notes uses (the send batcher has no more of the context). */
export type PublishDeps = Pick<AppContext, 'bus' | 'logger' | 'metrics' | 'tracing'>;

/** PostgreSQL serialization failure and deadlock; SQLite busy: the whole transaction may be retried. */
const TRANSIENT = new Set(['40001', '40P01', 'SQLITE_BUSY']);

export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT.has(code);
}

/** PostgreSQL's unique_violation on a given constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code === '23505') return e.constraint === constraint;
  // SQLite names the columns, not the index.
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string';
}

export interface DeltaSink {
  add(entry: DeltaEntry): void;
}

export interface CommitOptions {
  /** Re-run the whole transaction when this returns true for its error (once per attempt). */
  retryOn?: (error: unknown) => boolean;
}

const MAX_ATTEMPTS = 5;

/**
 * Runs `work` in one transaction together with the deltas it describes, then,
 * after the commit, publishes where each user's log now ends. A transient
 * conflict re-runs `work` from the start (it must not keep state across runs).
 */
export async function commitWithDeltas<T>(
  ctx: AppContext,
  work: (trx: Transaction<Database>, deltas: DeltaSink) => Promise<T>,
  options: CommitOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let notes: DeltaNote[] = [];
    try {
      const value = await ctx.db.transact(async (trx) => {
        const entries: DeltaEntry[] = [];
        const result = await work(trx, { add: (entry) => entries.push(entry) });
        notes = await appendDeltas(trx, entries, ctx.clock.now(), ctx.db);
        return result;
      });
      publishNotes(ctx, notes);
      return value;
    } catch (error) {
      const retry = isTransient(error) || (options.retryOn?.(error) ?? false);
      if (!retry || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * After a commit: a failed publish only delays pushes (sockets also read the log), so it is logged.
 * `traced`: the batch's sends that are being traced (tracing on only); the
 * message then carries the publish span's context to every node.
 */
export function publishNotes(
  ctx: PublishDeps,
  notes: DeltaNote[],
  traced?: readonly SendTrace[],
): void {
  if (notes.length === 0) return;
  let appended = 0;
  for (const note of notes) appended += note.deltas.length;
  ctx.metrics.deltasAppended.inc(appended);
  const bus = ctx.bus;
  const message: Extract<BusMessage, { type: 'deltas' }> = { type: 'deltas', notes };
  // Tracing off, or no traced send in the batch: published exactly as without tracing.
  const span =
    ctx.tracing === undefined || traced === undefined || traced.length === 0
      ? undefined
      : startPublishSpan(ctx.tracing, traced, bus.destination, notes);
  if (span === undefined) {
    bus.publish(message).catch((error: unknown) => {
      ctx.logger.warn({ err: error }, 'sync bus publish failed');
    });
    return;
  }
  message.trace = traceparentOf(span.spanContext());
  bus.publish(message).then(
    () => {
      span.end();
    },
    (error: unknown) => {
      failSpan(span, error);
      span.end();
      ctx.logger.warn({ err: error }, 'sync bus publish failed');
    },
  );
}
