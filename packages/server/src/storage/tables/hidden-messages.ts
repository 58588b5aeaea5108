import type { Kysely, Transaction } from 'kysely';
import type { SyncDatabase } from './sync';

/** One message one person removed for themselves (migration 022-hidden-messages). */
export interface HiddenMessageTable {
  user_id: string;
  message_id: string;
  thread_id: string;
  created_at: number;
}

// A type alias, not an interface: Kysely's withTables wants an index-signature-compatible record.
export type HiddenTables = { hidden_messages: HiddenMessageTable };

export type HiddenDatabase = SyncDatabase & HiddenTables;

export function withHiddenTables(db: Kysely<SyncDatabase>): Kysely<HiddenDatabase>;
export function withHiddenTables(db: Transaction<SyncDatabase>): Transaction<HiddenDatabase>;
export function withHiddenTables(db: Kysely<SyncDatabase>): Kysely<HiddenDatabase> {
  return db.withTables<HiddenTables>();
}
