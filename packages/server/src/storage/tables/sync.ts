import type { Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Tables of the sync log (migration 003-sync). Same conventions as the network
 * tables: digit-string ids, millisecond times, JSON text.
 */

/**
 * The delta log (migration 007): appended under a growing id; each row links
 * to the same user's previous delta, so one user's log is read by walking
 * back from `user_sync.head_id`. No index by user: appending a batch writes
 * a few pages at the table's end, not one page per recipient.
 */
export interface DeltaLogTable {
  id: Generated<number>;
  user_id: string;
  /** 1, 2, 3... per user without gaps (DESIGN.md section 2). */
  seq: number;
  /** The row of the user's delta seq - 1; null for their first. */
  prev_id: number | null;
  /** The delta as JSON (core deltaSchema); sent to clients as is. Empty when `payload_of` is set. */
  payload: string;
  /**
   * The row holding this row's payload (migration 009): a later row of the
   * same append, so pruning, which deletes the log's oldest rows first, never
   * removes it before this one. Null when the row holds its own.
   */
  payload_of: number | null;
  created_at: number;
  /**
   * Set on a message_new delta for someone other than its sender: the thread,
   * the participant the user receives it as (themselves or a page they
   * administer) and the message's seq_in_thread. An ack over this delta marks
   * the message delivered without parsing payloads.
   */
  ack_thread_id: string | null;
  ack_as: string | null;
  ack_seq: number | null;
}

export interface UserSyncTable {
  user_id: string;
  /** The newest seq in the user's log (0: none yet). */
  head_seq: number;
  /** The delta_log row of that seq (0: none yet). */
  head_id: number;
  /** Every seq up to this one has been pruned: a hello below it must resync. */
  pruned_seq: number;
  /** PostgreSQL: the head before the last append (its upsert returns it); SQLite leaves 0. */
  prior_head_id: number;
}

/**
 * How far a user's delivery acks are processed. Apart from user_sync so that an
 * ack holds no lock a message commit needs (those lock user_sync rows in id order).
 */
export interface DeliveryAckTable {
  user_id: string;
  acked_seq: number;
}

// A type alias, not an interface: Kysely's withTables wants an index-signature-compatible record.
export type SyncTables = {
  delta_log: DeltaLogTable;
  user_sync: UserSyncTable;
  delivery_acks: DeliveryAckTable;
  /** Added to the network feature's table by 003-sync (defaults to 0). */
  thread_participants: { last_delivered_seq: Generated<number> };
};

export type SyncDatabase = Database & SyncTables;

/** The shared handle, typed with this feature's tables and columns too. */
export function withSyncTables(db: Kysely<Database>): Kysely<SyncDatabase>;
export function withSyncTables(db: Transaction<Database>): Transaction<SyncDatabase>;
export function withSyncTables(db: Kysely<Database>): Kysely<SyncDatabase> {
  return db.withTables<SyncTables>();
}
