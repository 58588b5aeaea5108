import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * `user_sync.prior_head_id`: the head row a user had before the last append
 * moved it. PostgreSQL's append (storage/postgres/delta-log.ts) moves the
 * heads with an upsert that sets it to the old `head_id`, so that its
 * RETURNING tells the new rows what to link to: the heads no longer need a
 * locking read of their own, a round trip per batch. SQLite's writer keeps
 * the heads in memory and leaves it 0.
 */
export const priorHeadMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('user_sync')
      .addColumn('prior_head_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
