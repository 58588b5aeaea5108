import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * When a message's text was last edited (issue 33: "Edited"); null for one
 * never edited. Same statement on SQLite and PostgreSQL; the search index
 * follows the text by itself (SQLite's FTS5 update trigger, PostgreSQL's
 * generated tsvector).
 */
export const messageEditsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('messages').addColumn('edited_at', 'bigint').execute();
  },
};
