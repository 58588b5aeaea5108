import type { Span } from '@opentelemetry/api';
import {
  childSpan,
  failSpan,
  preciseNow,
  type SendTrace,
  type Tracing,
} from '../observability/tracing';
import type { Stores } from '../../storage/stores';

/**
 * The batch's part of each traced send's trace (tracing on only): the wait
 * for the batch (from being handed to the batcher to the batch starting) and
 * the transaction (the sends' checks and writes and the delta append, every
 * attempt, to the commit). A batch is one transaction for all its sends, so
 * each traced send gets spans of the same times in its own trace.
 */
export interface BatchTrace {
  /** After the commit: ends the transaction spans; the traced sends that were stored. */
  committed(
    attempts: number,
    savepoints: boolean,
    outcomes: readonly { ok: boolean }[],
  ): SendTrace[] | undefined;
  /** The batch failed as a whole (every send is rejected). */
  failed(error: unknown, attempts: number): void;
}

/** Null when no send of the batch is traced. */
export function startBatchTrace(
  tracing: Tracing,
  ordered: readonly { trace: SendTrace | undefined }[],
  system: Stores['systemName'],
): BatchTrace | null {
  const traced: { at: number; trace: SendTrace; transaction: Span }[] = [];
  const now = preciseNow();
  const size = { 'messaging.batch.message_count': ordered.length };
  ordered.forEach((pending, at) => {
    const trace = pending.trace;
    if (trace === undefined) return;
    childSpan(tracing, trace, 'send_message wait', trace.queuedAt, size).end(now);
    const transaction = childSpan(tracing, trace, 'send_message transaction', now, {
      ...size,
      'db.system.name': system,
    });
    traced.push({ at, trace, transaction });
  });
  if (traced.length === 0) return null;
  const endAll = (attempts: number): void => {
    for (const { transaction } of traced) {
      transaction.setAttribute('messenger.batch.attempts', attempts);
      transaction.end();
    }
  };
  return {
    committed(attempts, savepoints, outcomes) {
      const stored: SendTrace[] = [];
      for (const { at, trace, transaction } of traced) {
        transaction.setAttribute('messenger.batch.savepoints', savepoints);
        if (outcomes[at]?.ok === true) stored.push(trace);
      }
      endAll(attempts);
      return stored;
    },
    failed(error, attempts) {
      for (const { transaction } of traced) failSpan(transaction, error);
      endAll(attempts);
    },
  };
}
