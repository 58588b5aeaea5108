import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * The delta log loses its index on `created_at`: every appended row paid one
 * more b-tree insert for it (ten per message in a group of ten), and pruning
 * finds the old end in id order instead (features/sync/delta-log.ts,
 * `pruneDeltas`). Send bench on SQLite with the index dropped: 110-117 against
 * 122-132 µs of CPU per message.
 */
export const deltaLogUnindexedMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('delta_log_created_at').ifExists().execute();
  },
};
