import type { Kysely, Transaction } from 'kysely';
import type { SyncDatabase } from '../../storage/tables/sync';

// A type alias, not an interface: Kysely's withTables wants an index-signature-compatible record.
/** Added to the network feature's messages by migration 021-message-edits. */
export type EditTables = { messages: { edited_at: number | null } };

export type EditDatabase = SyncDatabase & EditTables;

export function withEditTables(db: Kysely<SyncDatabase>): Kysely<EditDatabase>;
export function withEditTables(db: Transaction<SyncDatabase>): Transaction<EditDatabase>;
export function withEditTables(db: Kysely<SyncDatabase>): Kysely<EditDatabase> {
  return db.withTables<EditTables>();
}
