import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * `threads_last_activity_at` goes. Every message moves its thread's
 * `last_activity_at`, and an indexed column changed keeps PostgreSQL from
 * updating the row in place (a HOT update): each send wrote a new entry into
 * every index of `threads`, the trigram index of its name among them, and
 * left a dead one behind. No query reads the index: thread lists start from
 * the viewer's participant rows (participant_id, folder) and sort those few
 * threads, on both dialects (their plans never chose it).
 *
 * On PostgreSQL the table also leaves room on each page, so that the new
 * version of a row updated many times a second fits beside the old one.
 */
export const threadActivityUnindexedMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect): Promise<void> {
    await db.schema.dropIndex('threads_last_activity_at').ifExists().execute();
    if (dialect === 'postgres') await sql`alter table threads set (fillfactor = 70)`.execute(db);
  },
};
