import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * Each participant's own settings of a conversation (issue 33, item 8): a
 * table beside thread_participants rather than columns in it, so that the
 * send path's participant reads, the PostgreSQL roster cache and its
 * triggers (migration 014) stay as they are: none of these settings changes
 * who receives a message.
 */
export const conversationSettingsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('conversation_settings')
      .addColumn('thread_id', 'text', (c) =>
        c.notNull().references('threads.id').onDelete('cascade'),
      )
      .addColumn('participant_id', 'text', (c) => c.notNull())
      // Null: not muted; core MUTED_FOREVER: until unmuted; else an instant (server clock).
      .addColumn('muted_until', 'bigint')
      // The thread's last_message_seq when archived (core stillArchived); null: not archived.
      .addColumn('archived_seq', 'integer')
      // Deleted for oneself up to this seq: older history stays hidden from them.
      .addColumn('cleared_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('conversation_settings_pk', ['thread_id', 'participant_id'])
      .execute();
  },
};
