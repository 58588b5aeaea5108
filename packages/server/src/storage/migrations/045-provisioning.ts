import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * Provisioning while it runs (issue 35): SCIM may deactivate or delete a
 * person, and keeps what the network file has no column for.
 *
 * `people.deactivated`: 0 active, 1 deactivated (cannot sign in, shown as
 * such), 2 deleted through SCIM (gone from SCIM and sign-in; the row stays so
 * that the history they wrote still names its sender). A re-import upserts
 * the file's columns only, so it leaves this one as SCIM set it.
 *
 * `scim_resources`: per SCIM-managed User or Group, its externalId, the
 * attributes the messenger keeps only to give them back (a User's name parts
 * and emails), and when SCIM created and last changed it.
 */
export const provisioningMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('people')
      .addColumn('deactivated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('scim_resources')
      .addColumn('resource_type', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text')
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('scim_resources_pkey', ['resource_type', 'id'])
      .execute();
    await db.schema
      .createIndex('scim_resources_external_id')
      .on('scim_resources')
      .columns(['resource_type', 'external_id'])
      .execute();
  },
};
