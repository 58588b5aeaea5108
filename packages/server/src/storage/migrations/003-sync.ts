import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * The per-user delta log of the sync socket and the delivered mark of each
 * participant (features/sync/tables.ts). Adds to the network tables, never
 * changes them.
 */
export const syncMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('user_deltas')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'bigint', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('ack_thread_id', 'text')
      .addColumn('ack_as', 'text')
      .addColumn('ack_seq', 'integer')
      .addPrimaryKeyConstraint('user_deltas_pkey', ['user_id', 'seq'])
      .execute();
    // Pruning by age finds the old rows of every user at once.
    await db.schema
      .createIndex('user_deltas_created_at')
      .on('user_deltas')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('user_sync')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('head_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pruned_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('delivery_acks')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('acked_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .alterTable('thread_participants')
      .addColumn('last_delivered_seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
