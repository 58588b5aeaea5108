import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/** Messages a person removed for themselves only (issue 33: "Remove for you"). */
export const hiddenMessagesMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('hidden_messages')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('thread_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('hidden_messages_pk', ['user_id', 'message_id'])
      .execute();
  },
};
