import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../db';
import type { DialectMigration } from '../dialect-migration';

/** An integer key that only grows: staff paging orders by it. */
function withSerialId<T extends string>(
  table: CreateTableBuilder<T>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (c) => c.primaryKey());
}

/** Sessions and the tables of the seed's logged REST endpoints (features/accounts/tables.ts). */
export const accountsMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_person_idx').on('sessions').column('person_id').execute();

    await withSerialId(db.schema.createTable('promotion_logs'), dialect)
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('qp_id', 'bigint', (c) => c.notNull())
      .addColumn('qp_action', 'text', (c) => c.notNull())
      .addColumn('qp_instance_log_data', 'text', (c) => c.notNull())
      .addColumn('qp_event', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withSerialId(db.schema.createTable('group_purposes'), dialect)
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('community', 'text')
      .addColumn('coworkers_to_invite', 'text', (c) => c.notNull())
      .addColumn('back_disallowed', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withSerialId(db.schema.createTable('bug_reports'), dialect)
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text')
      .addColumn('url', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withSerialId(db.schema.createTable('nux_states'), dialect)
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('nux_id', 'text', (c) => c.notNull())
      .addColumn('viewed_at', 'bigint')
      .addColumn('dismissed_at', 'bigint')
      .addUniqueConstraint('nux_states_person_nux_key', ['person_id', 'nux_id'])
      .execute();

    await db.schema
      .createTable('person_settings')
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('person_settings_pk', ['person_id', 'key'])
      .execute();

    await withSerialId(db.schema.createTable('funnel_logs'), dialect)
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('instance_id', 'text', (c) => c.notNull())
      .addColumn('start_time', 'bigint', (c) => c.notNull())
      .addColumn('sampling_rate', 'double precision', (c) => c.notNull())
      .addColumn('timeout_sec', 'integer', (c) => c.notNull())
      .addColumn('end_reason', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('actions', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('funnel_batches')
      .addColumn('person_id', 'text', (c) => c.notNull())
      .addColumn('batch_id', 'text', (c) => c.notNull())
      .addColumn('record_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('funnel_batches_pk', ['person_id', 'batch_id'])
      .execute();
  },
};
