import type { Kysely, RawBuilder } from 'kysely';
import type { SyncDatabase } from './tables/sync';
import type { MessageRecord, ParticipantRecord, ThreadRecord } from './records';

/**
 * What the send path stores (messaging/send-service.ts), one implementation
 * per dialect: sqlite/send-store.ts runs prepared statements straight on the
 * connection (building and compiling a Kysely query and its async executor
 * cost several times what SQLite takes to run these); postgres/send-store.ts
 * keeps round trips few (Kysely queries per send, arrays per batch).
 */

/** The queries every send runs, once per message; the dialects read and write the same. */
export interface SendStore {
  thread(threadId: string): Promise<ThreadRecord | undefined>;
  /** Participants in the order they joined. */
  participants(threadId: string): Promise<ParticipantRecord[]>;
  messageByOfflineId(senderId: string, offlineId: string): Promise<MessageRecord | undefined>;
  /** Takes the thread's next message seq (locking the thread row until commit). */
  nextMessageSeq(threadId: string, now: number): Promise<number>;
  insertMessage(message: MessageRecord): Promise<void>;
  /** The sender has read their message; `accept` also moves a request (or hidden thread) to the inbox. */
  markOwnRead(threadId: string, participantId: string, seq: number, accept: boolean): Promise<void>;
  /** Writes what the store deferred (messaging/send-store-batched.ts); the others write at once. */
  flush(): Promise<void>;
  /**
   * Takes what the store deferred, unwritten, as data-modifying queries for
   * the statement that appends the batch's deltas (PostgreSQL's batched store
   * only; undefined when there is nothing, or where `flush` writes it).
   */
  takeDeferredWrites?: () => RawBuilder<unknown> | undefined;
}

/** What a batch reads up front: rows of the named threads and of the offline ids. */
export interface BatchReadAhead {
  threads: ThreadRecord[];
  /** Ordered by thread, then as `SendStore.participants` orders them. */
  participants: ParticipantRecord[];
  messages: MessageRecord[];
}

export interface OfflineIdPair {
  senderId: string;
  offlineId: string;
}

export interface ThreadHeadWrite {
  threadId: string;
  seq: number;
  at: number;
}

export interface ReadMarkWrite {
  threadId: string;
  participantId: string;
  seq: number;
  accept: boolean;
}

export interface BatchWrites {
  messages: readonly MessageRecord[];
  heads: readonly ThreadHeadWrite[];
  reads: readonly ReadMarkWrite[];
}

/** The dialect's statements for a batch of sends (messaging/send-store-batched.ts). */
export interface BatchIo {
  /** Thread ids sorted; on PostgreSQL the threads are locked in that order. */
  readAhead(threadIds: readonly string[], pairs: readonly OfflineIdPair[]): Promise<BatchReadAhead>;
  write(writes: BatchWrites): Promise<void>;
  /**
   * PostgreSQL: the writes as data-modifying queries for the statement that
   * appends the batch's deltas (delta-log.ts, `alongside`).
   */
  alongside?: (writes: BatchWrites) => RawBuilder<unknown>;
}

/**
 * The participant rows a node holds of recently written threads, with the
 * roster version each was read at (messaging/roster-cache.ts): PostgreSQL's
 * batch reads rows only for the threads whose version moved.
 */
export interface HeldRosters {
  /** The version held for a thread, or -1. */
  versionOf(threadId: string): number;
  rows(threadId: string): readonly ParticipantRecord[] | undefined;
  remember(threadId: string, version: number, rows: readonly ParticipantRecord[]): void;
}

/** How sends are grouped into transactions (messaging/send-batcher.ts, SendBatcherOptions). */
export interface SendBatching {
  /** Sends per transaction (bounds how long one batch holds the writer). */
  maxBatch: number;
  /** Batches written at once (lanes by thread). */
  concurrency: number;
  /** Any failed statement aborts the transaction (PostgreSQL). */
  failedStatementAbortsTransaction: boolean;
}

/** The send path's storage of one dialect (stores.ts). */
export interface SendStorage {
  readonly batching: SendBatching;
  /** The plain store: reads and writes at once, inside the transaction `k` runs in. */
  store(k: Kysely<SyncDatabase>): SendStore;
  /** A batch's reads and writes, inside the batch's transaction `k`. */
  batchIo(k: Kysely<SyncDatabase>, rosters: HeldRosters): BatchIo;
}
