import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * A message to a group of ten is one delta for ten users, and each of their
 * ten `delta_log` rows held the same JSON: most of the bytes every send wrote
 * to the WAL (and the checkpoint copied again). With `payload_of` a row can
 * name the row of the same append that holds its payload instead
 * (storage/sqlite/delta-log.ts, storage/postgres/delta-log.ts). Existing rows keep their own.
 */
export const sharedPayloadsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('delta_log').addColumn('payload_of', 'bigint').execute();
  },
};
