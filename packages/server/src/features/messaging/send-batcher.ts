import type { SendMessageInput } from '@messenger/core';
import type { Transaction } from 'kysely';
import type { AppContext, SendBatchStats } from '../../context';
import { AppError } from '../../errors';
import type { Database } from '../../storage/database';
import { storesOf } from '../../storage/stores';
import type { Viewer } from '../accounts/viewer';
import type { SendTrace } from '../observability/tracing';
import {
  isTransient,
  isUniqueViolation,
  publishNotes,
  type DeltaSink,
  type PublishDeps,
} from '../sync/commit';
import { startBatchTrace } from './send-batch-trace';
import type { DeltaEntry, DeltaNote } from '../sync/delta-log';

/**
 * Group commit for send_message. Sends that arrive while a batch is being
 * written wait for the next one, which writes them all in ONE transaction,
 * with every recipient's delta of the whole batch in one append at the end. A
 * commit (and on PostgreSQL its WAL flush) is paid per batch instead of per
 * message; under no load a batch is one send and costs one tick of waiting.
 *
 * Sends run without savepoints: a send refused by its checks has written
 * nothing, so there is nothing to roll back. A send that fails after its first
 * write (it says when it starts writing) spoils the batch: the transaction
 * rolls back and the batch runs again guarded, each send inside its own
 * savepoint (a refused send rolls back alone). So does any failed statement
 * where one aborts the transaction (PostgreSQL), and a failure of the writes a
 * session deferred to the end of the batch.
 *
 * Each attempt at a batch opens a session (`SendSession`) over the whole
 * batch: on PostgreSQL it reads every thread of the batch at once and defers
 * the sends' writes to a few multi-row statements at the end, instead of a
 * round trip per query per send. A guarded attempt gets a session that writes
 * at once, so that a savepoint's rollback undoes them.
 *
 * Nothing is acknowledged before its batch commits, so an acknowledged
 * message survives a crash exactly as with one transaction per message.
 */

export interface SendScope {
  sink: DeltaSink;
  /** Called before the send's first write: every refusal before it has written nothing. */
  startWriting: () => void;
}

/** One attempt at a batch: its sends run one after another through `send`, then `finish`. */
export interface SendSession<T> {
  send(scope: SendScope, viewer: Viewer, input: SendMessageInput): Promise<T>;
  /** After the last send: writes what the sends deferred and appends the batch's deltas. */
  finish(entries: readonly DeltaEntry[], now: number): Promise<DeltaNote[]>;
}

export interface BatchedSend {
  viewer: Viewer;
  input: SendMessageInput;
}

/**
 * Where a batch's sends are checked and written (send-session.ts): the
 * batcher is given one at construction and knows nothing else of sending.
 */
export interface SendBatchStore<T> {
  open(
    trx: Transaction<Database>,
    batch: readonly BatchedSend[],
    /** True when each send runs in its own savepoint: the session must write at once. */
    guarded: boolean,
  ): Promise<SendSession<T>>;
}

/** What the batcher itself uses: the database, the clock, and publishing the batch's notes. */
export type SendBatcherDeps = PublishDeps & Pick<AppContext, 'db' | 'clock'>;

interface Pending<T> {
  viewer: Viewer;
  input: SendMessageInput;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  /** Set only while tracing is on and this send is traced. */
  trace: SendTrace | undefined;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface SendBatcherOptions {
  /** Sends per transaction (bounds how long one batch holds the writer). */
  maxBatch: number;
  /** Batches written at once (lanes by thread): 1 on SQLite (one writer); more on PostgreSQL. */
  concurrency: number;
  /**
   * PostgreSQL: any failed statement aborts the transaction, so a send that
   * failed on anything but its own checks (an AppError) spoils the batch even
   * before it began writing.
   */
  failedStatementAbortsTransaction: boolean;
}

/** A send failed after it had written: the batch's transaction must roll back. */
class SpoiledBatch extends Error {
  constructor(cause: unknown) {
    super('a send failed after writing; the batch runs again with savepoints', { cause });
  }
}

const MAX_ATTEMPTS = 5;
/** Two nodes storing the same retried message at once: the loser re-runs and finds the winner's. */
const SAME_MESSAGE_RETRIES = 2;

export type { SendBatchStats } from '../../context';

/** One queue of batches, written one at a time; a thread's sends always go to the same lane. */
interface Lane<T> {
  queue: Pending<T>[];
  running: boolean;
  scheduled: boolean;
}

export class SendBatcher<T> {
  /** How much batching happened (the group-commit test reads it). */
  readonly stats: SendBatchStats = {
    batches: 0,
    sends: 0,
    largestBatch: 0,
    rerunsWithSavepoints: 0,
  };
  /**
   * `concurrency` lanes, chosen by thread: batches written side by side never
   * touch the same thread, so on PostgreSQL they do not queue on each other's
   * row locks (and a thread's sends keep their order).
   */
  private readonly lanes: Lane<T>[];

  constructor(
    private readonly ctx: SendBatcherDeps,
    private readonly store: SendBatchStore<T>,
    private readonly options: SendBatcherOptions,
  ) {
    this.lanes = Array.from({ length: Math.max(1, options.concurrency) }, () => ({
      queue: [],
      running: false,
      scheduled: false,
    }));
  }

  send(viewer: Viewer, input: SendMessageInput, trace?: SendTrace): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending = { viewer, input, resolve, reject, trace };
      const lane = this.lanes[hash(threadKey(pending)) % this.lanes.length];
      if (lane === undefined) throw new Error('no send lane');
      lane.queue.push(pending);
      this.schedule(lane);
    });
  }

  private schedule(lane: Lane<T>): void {
    if (lane.scheduled || lane.running || lane.queue.length === 0) return;
    lane.scheduled = true;
    // One tick lets the sends of this round of I/O join the batch.
    setImmediate(() => {
      lane.scheduled = false;
      this.startBatch(lane);
    });
  }

  private startBatch(lane: Lane<T>): void {
    if (lane.running || lane.queue.length === 0) return;
    const batch = lane.queue.splice(0, this.options.maxBatch);
    this.stats.batches += 1;
    this.stats.sends += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    lane.running = true;
    this.ctx.metrics.sendBatchSize.observe(batch.length);
    const started = performance.now();
    void this.write(batch).finally(() => {
      this.ctx.metrics.sendBatchDuration.observe((performance.now() - started) / 1000);
      lane.running = false;
      this.schedule(lane);
    });
  }

  private async write(batch: Pending<T>[]): Promise<void> {
    // Threads in id order: concurrent batches on PostgreSQL lock thread rows in one order.
    const ordered = [...batch].sort((a, b) => compare(threadKey(a), threadKey(b)));
    // Tracing on: each traced send's wait ends now, its transaction span starts.
    const traced =
      this.ctx.tracing === undefined
        ? null
        : startBatchTrace(this.ctx.tracing, ordered, storesOf(this.ctx.db).systemName);
    let savepoints = false;
    for (let attempt = 1; ; attempt += 1) {
      let notes: DeltaNote[] = [];
      try {
        const outcomes = await this.ctx.db.transact(async (trx) => {
          const entries: DeltaEntry[] = [];
          const results: Outcome<T>[] = [];
          const session = await this.store.open(trx, ordered, savepoints);
          for (const pending of ordered) {
            results.push(
              savepoints
                ? await this.writeOne(trx, session, pending, entries)
                : await this.writeUnguarded(session, pending, entries),
            );
          }
          notes = await this.finish(session, entries, savepoints);
          return results;
        });
        publishNotes(this.ctx, notes, traced?.committed(attempt, savepoints, outcomes));
        outcomes.forEach((outcome, i) => {
          const pending = ordered[i];
          if (pending === undefined) return;
          if (outcome.ok) pending.resolve(outcome.value);
          else pending.reject(outcome.error);
        });
        return;
      } catch (error) {
        if (error instanceof SpoiledBatch && !savepoints) {
          savepoints = true;
          this.stats.rerunsWithSavepoints += 1;
          continue;
        }
        if (isTransient(error) && attempt < MAX_ATTEMPTS) continue;
        traced?.failed(error, attempt);
        for (const pending of ordered) pending.reject(error);
        return;
      }
    }
  }

  /** One send in its own savepoint: its deltas join the batch only if it succeeded. */
  private async writeOne(
    trx: Transaction<Database>,
    session: SendSession<T>,
    pending: Pending<T>,
    entries: DeltaEntry[],
  ): Promise<Outcome<T>> {
    for (let retry = 0; ; retry += 1) {
      const own: DeltaEntry[] = [];
      await this.exec(trx, 'savepoint send_one');
      try {
        const scope: SendScope = {
          sink: { add: (entry) => own.push(entry) },
          startWriting: () => undefined,
        };
        const value = await session.send(scope, pending.viewer, pending.input);
        await this.exec(trx, 'release savepoint send_one');
        entries.push(...own);
        return { ok: true, value };
      } catch (error) {
        await this.exec(trx, 'rollback to savepoint send_one');
        await this.exec(trx, 'release savepoint send_one');
        // A transient failure (deadlock, busy) spoils the whole transaction: the batch retries.
        if (isTransient(error)) throw error;
        const sameMessage = isUniqueViolation(error, 'messages_sender_offline_threading_id');
        if (!sameMessage || retry >= SAME_MESSAGE_RETRIES) return { ok: false, error };
      }
    }
  }

  /** One send without a savepoint: refused before writing, it leaves nothing to undo. */
  private async writeUnguarded(
    session: SendSession<T>,
    pending: Pending<T>,
    entries: DeltaEntry[],
  ): Promise<Outcome<T>> {
    const own: DeltaEntry[] = [];
    const progress = { writing: false };
    const scope: SendScope = {
      sink: { add: (entry) => own.push(entry) },
      startWriting: () => {
        progress.writing = true;
      },
    };
    try {
      const value = await session.send(scope, pending.viewer, pending.input);
      entries.push(...own);
      return { ok: true, value };
    } catch (error) {
      if (isTransient(error)) throw error;
      const aborted = this.options.failedStatementAbortsTransaction && !(error instanceof AppError);
      if (progress.writing || aborted) throw new SpoiledBatch(error);
      return { ok: false, error };
    }
  }

  /**
   * The session's deferred writes and the deltas; unguarded, their failure (a
   * duplicate, say) spoils the batch.
   */
  private async finish(
    session: SendSession<T>,
    entries: readonly DeltaEntry[],
    guarded: boolean,
  ): Promise<DeltaNote[]> {
    try {
      return await session.finish(entries, this.ctx.clock.now());
    } catch (error) {
      if (guarded || isTransient(error)) throw error;
      throw new SpoiledBatch(error);
    }
  }

  /** A statement of the batch's transaction; on SQLite straight on the connection. */
  private async exec(trx: Transaction<Database>, text: string): Promise<void> {
    await storesOf(this.ctx.db).run(trx, text);
  }
}

/** The thread a send goes to; a first message: the pair of people (their thread to be). */
function threadKey(pending: { viewer: Viewer; input: SendMessageInput }): string {
  const { thread_id: threadId, recipient_id: recipientId = '' } = pending.input;
  if (threadId !== undefined) return threadId;
  const pair = [pending.viewer.id, recipientId].sort();
  return `~${pair.join(':')}`;
}

/** FNV-1a: spreads thread ids over the lanes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
