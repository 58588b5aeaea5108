import type { Kysely, Transaction } from 'kysely';
import type { SyncDatabase } from './sync';

/** One person a message mentions (migration 050-replies-mentions). */
export interface MessageMentionTable {
  person_id: string;
  thread_id: string;
  seq_in_thread: number;
}

// A type alias, not an interface: Kysely's withTables wants an index-signature-compatible record.
export type MentionTables = { message_mentions: MessageMentionTable };

export type MentionDatabase = SyncDatabase & MentionTables;

export function withMentionTables(db: Kysely<SyncDatabase>): Kysely<MentionDatabase>;
export function withMentionTables(db: Transaction<SyncDatabase>): Transaction<MentionDatabase>;
export function withMentionTables(db: Kysely<SyncDatabase>): Kysely<MentionDatabase> {
  return db.withTables<MentionTables>();
}
