import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * The calls not ended, indexed on their own: Prometheus asks every node for
 * the calls by status (messenger_calls) every scrape, and ended calls, which
 * pile up over the years, must not be read for it. Partial indexes exist on
 * both SQLite and PostgreSQL; the query repeats the predicate (calls/repo.ts).
 */
export const openCallsIndexMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create index calls_open_status on calls (status) where status <> 'ended'`.execute(db);
  },
};
