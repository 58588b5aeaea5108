import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * Reactions to messages (issue 33): one per participant per message, so the
 * key is (message, participant) and changing a reaction is an update. Same
 * statements on SQLite and PostgreSQL.
 */
export const reactionsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('message_reactions')
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('reactor_id', 'text', (c) => c.notNull())
      .addColumn('thread_id', 'text', (c) => c.notNull())
      .addColumn('emoji', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'reactor_id'])
      .execute();
    // The thread list's preview reads a thread's newest reaction.
    await db.schema
      .createIndex('message_reactions_thread_time')
      .on('message_reactions')
      .columns(['thread_id', 'created_at'])
      .execute();
  },
};
