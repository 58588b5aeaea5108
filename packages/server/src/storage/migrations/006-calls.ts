import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/** Calls and their participants (tables.ts); the same on SQLite and PostgreSQL. */
export const callsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('calls')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('thread_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('initiator_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('connected_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('max_participants', 'integer', (c) => c.notNull())
      .addColumn('ring_timeout_ms', 'integer', (c) => c.notNull())
      .execute();
    // The running call of a thread (join from the thread).
    await db.schema
      .createIndex('calls_thread_status')
      .on('calls')
      .columns(['thread_id', 'status'])
      .execute();
    await db.schema
      .createTable('call_participants')
      .addColumn('call_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('device_id', 'text')
      .addColumn('rung_at', 'bigint')
      .addColumn('device_seen_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('call_participants_pkey', ['call_id', 'user_id'])
      .execute();
    // 'In Another Call': a person's calls in progress.
    await db.schema
      .createIndex('call_participants_user')
      .on('call_participants')
      .columns(['user_id', 'state'])
      .execute();
  },
};
