import type { Delta } from '@messenger/core';
import type { RawBuilder, Transaction } from 'kysely';
import type { Database } from './database';

/**
 * Appending to the per-user delta log (features/sync/delta-log.ts), one
 * implementation per dialect (sqlite/delta-log.ts, postgres/delta-log.ts).
 * Both lock the users' `user_sync` rows in id order, read each head (seq and
 * row), append the new rows linked to it, and move the head; each user's seqs
 * continue without gaps or duplicates.
 */
export interface DeltaLog {
  /** Inside `trx`, the transaction of the change the deltas describe. */
  append(trx: Transaction<Database>, input: AppendInput): Promise<DeltaNote[]>;
}

/** PostgreSQL only. */
export interface AppendOptions {
  /**
   * PostgreSQL: data-modifying queries (`name as (...)`, comma-separated) of
   * the caller's that run in the append's first statement instead of a
   * statement of their own (a send batch's writes: one round trip fewer).
   * They must not touch `user_sync` or `delta_log`, and run even when there
   * is nothing to append.
   */
  alongside?: RawBuilder<unknown> | undefined;
  /**
   * PostgreSQL: the append is the last thing its transaction does, and
   * nothing after it can fail: COMMIT is written right behind its last
   * statement (storage/prepared-statements.ts, PREPARED_THEN_COMMIT).
   */
  endsTransaction?: boolean | undefined;
}

export interface AppendInput extends AppendOptions {
  byUser: ReadonlyMap<string, DeltaEntry[]>;
  /** The users in id order (the lock order). */
  userIds: readonly string[];
  payloadOf: (delta: Delta) => string;
  now: number;
}

/** The delta log's shapes, shared by the appenders and the readers (features/sync/delta-log.ts). */

export interface AckMark {
  threadId: string;
  /** The participant the user receives the message as: themselves or a page they administer. */
  as: string;
  seqInThread: number;
}

export interface DeltaEntry {
  userId: string;
  delta: Delta;
  /** Set for a message the user received from someone else: its ack marks it delivered. */
  ack?: AckMark;
}

export interface StoredDelta {
  seq: number;
  /** The delta's JSON, sent to clients verbatim. */
  payload: string;
}

/** "User U's log reached seq N", with the newest deltas inline so nodes can push without a read. */
export interface DeltaNote {
  userId: string;
  seq: number;
  deltas: StoredDelta[];
}
