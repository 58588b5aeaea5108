import type { Kysely } from 'kysely';
import type { DialectMigration } from '../dialect-migration';

/**
 * Encrypted image attachments: the blobs' owners and bindings
 * (features/attachments/tables.ts) and, on messages, the list of images with
 * their keys. Same statements on SQLite and PostgreSQL.
 */
export const attachmentsMigration: DialectMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('attachments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('uploader_id', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('thread_id', 'text')
      .addColumn('message_id', 'text')
      .execute();
    // Deleting a message finds its blobs; an access check reads by id (the key).
    await db.schema
      .createIndex('attachments_message_id')
      .on('attachments')
      .column('message_id')
      .execute();
    // An upload sweeps its uploader's images that never went into a message.
    await db.schema
      .createIndex('attachments_uploader_id')
      .on('attachments')
      .columns(['uploader_id', 'created_at'])
      .execute();
    await db.schema
      .alterTable('messages')
      .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
