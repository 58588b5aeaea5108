import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * Two indexes that no query reads but every send writes go:
 *
 * - `delta_log_created_at`: one more b-tree insert for every appended delta
 *   (ten per message in a group of ten); pruning finds the log's old end in
 *   id order instead (features/sync/delta-log.ts, `pruneDeltas`). Send bench
 *   on SQLite without it: 119-121 against 126-134 µs of CPU per message.
 * - `messages_sender_id`: no query looks messages up by sender alone (a
 *   retried offline id uses `messages_sender_offline_threading_id`), while
 *   every stored message wrote an entry to it (on a different page for each
 *   sender). The send bench shows no difference within its noise.
 */
export const unreadIndexesMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('delta_log_created_at').ifExists().execute();
    await db.schema.dropIndex('messages_sender_id').ifExists().execute();
  },
};
