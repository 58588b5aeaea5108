import type { Kysely } from 'kysely';
import type { DialectName } from './db';

/** A migration that may write dialect-specific SQL (FTS5 on SQLite, tsvector on PostgreSQL). */
export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}
