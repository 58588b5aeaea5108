import { sql, type Kysely } from 'kysely';
import { MESSAGES_FTS_TABLE, createMessageFtsTriggers } from '../sqlite/message-fts';
import type { DialectName } from '../db';
import type { DialectMigration } from '../dialect-migration';

/**
 * The social graph and conversations (features/network/tables.ts), on SQLite
 * and PostgreSQL alike: text ids, bigint millisecond times, 0/1 integers.
 *
 * Name search runs on `name_flat` (core flattenName). On SQLite the plain
 * b-tree index serves prefix ranges (`name_flat >= 'ab' and name_flat < 'ac'`);
 * on PostgreSQL a `text_pattern_ops` index serves `like 'ab%'` and a pg_trgm
 * GIN index serves word-inside-name matches.
 */
export const networkMigration: DialectMigration = {
  async up(db, dialect) {
    await createGraphTables(db);
    await createConversationTables(db, dialect);
    await createNameIndexes(db, dialect);
    await createMessageSearch(db, dialect);
  },
};

const check = (expression: string) => sql.raw(expression);

async function createGraphTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('name_flat', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('employee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messenger_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memorialized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('instagram', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birth_day', 'integer')
    .addColumn('birth_month', 'integer')
    .addColumn('birth_year', 'integer')
    .addColumn('picture', 'text')
    .addColumn('can_receive_money', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addCheckConstraint('people_account_check', check(`account in ('personal', 'work')`))
    .execute();
  await db.schema.createIndex('people_company_id').on('people').column('company_id').execute();
  await db.schema
    .createIndex('people_birthday')
    .on('people')
    .columns(['birth_month', 'birth_day'])
    .execute();

  // Both directions are stored, so "friends of X" is a primary-key range; the
  // second index serves deleting every row of a re-imported person.
  for (const [table, other] of [
    ['friendships', 'friend_id'],
    ['contacts', 'contact_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('person_id', 'text', (c) =>
        c.notNull().references('people.id').onDelete('cascade'),
      )
      .addColumn(other, 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['person_id', other])
      .execute();
    await db.schema.createIndex(`${table}_${other}`).on(table).column(other).execute();
  }

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('blocks_pkey', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_id').on('blocks').column('blocked_id').execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_flat', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commerce', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'pages_category_check',
      check(`category in ('PAGE', 'WORKPLACE_BOT', 'MEETING_ROOM')`),
    )
    .execute();
  await db.schema.createIndex('pages_category').on('pages').column('category').execute();

  await db.schema
    .createTable('page_admins')
    .addColumn('page_id', 'text', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('page_admins_pkey', ['page_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('page_admins_person_id')
    .on('page_admins')
    .column('person_id')
    .execute();

  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_flat', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

async function createConversationTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('name_flat', 'text')
    .addColumn('image_src', 'text')
    .addColumn('privacy_mode', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('threads_kind_check', check(`kind in ('one_to_one', 'group')`))
    .execute();
  await db.schema
    .createIndex('threads_last_activity_at')
    .on('threads')
    .column('last_activity_at')
    .execute();

  // Participants are people or pages, so participant_id has no foreign key.
  await db.schema
    .createTable('thread_participants')
    .addColumn('thread_id', 'text', (c) => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('participant_kind', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull().defaultTo('INBOX'))
    .addColumn('nickname', 'text')
    .addColumn('last_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_participants_pkey', ['thread_id', 'participant_id'])
    .addCheckConstraint(
      'thread_participants_kind_check',
      check(`participant_kind in ('person', 'page')`),
    )
    .execute();
  // A person's thread list per folder (inbox, filtered, requests).
  await db.schema
    .createIndex('thread_participants_participant_folder')
    .on('thread_participants')
    .columns(['participant_id', 'folder'])
    .execute();

  // On SQLite `rowid integer primary key` is the table's rowid itself, which
  // the FTS5 external-content index points at; PostgreSQL gets an identity.
  await db.schema
    .createTable('messages')
    .addColumn('rowid', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
      dialect === 'sqlite' ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('thread_id', 'text', (c) => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('seq_in_thread', 'integer', (c) => c.notNull())
    .addColumn('offline_threading_id', 'text')
    .addColumn('entry_point', 'text')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('text'))
    .addUniqueConstraint('messages_thread_seq', ['thread_id', 'seq_in_thread'])
    .execute();
  await createOfflineIdIndex(db);
  await db.schema.createIndex('messages_sender_id').on('messages').column('sender_id').execute();
}

/** Idempotent sends: the same client id from the same sender is the same message. */
export async function createOfflineIdIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_sender_offline_threading_id')
    .on('messages')
    .columns(['sender_id', 'offline_threading_id'])
    .unique()
    .where(sql.ref('offline_threading_id'), 'is not', null)
    .execute();
}

async function createNameIndexes(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const tables = ['people', 'pages', 'games', 'threads'] as const;
  if (dialect === 'sqlite') {
    for (const table of tables) {
      await db.schema.createIndex(`${table}_name_flat`).on(table).column('name_flat').execute();
    }
    return;
  }
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  for (const table of tables) {
    await sql`create index ${sql.id(`${table}_name_flat`)} on ${sql.id(table)} (name_flat text_pattern_ops)`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_name_flat_trgm`)} on ${sql.id(table)} using gin (name_flat gin_trgm_ops)`.execute(
      db,
    );
  }
}

async function createMessageSearch(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await MESSAGES_FTS_TABLE.execute(db);
    await createMessageFtsTriggers(db);
    return;
  }
  await sql`alter table messages add column text_tsv tsvector
    generated always as (to_tsvector('simple', text)) stored`.execute(db);
  await sql`create index messages_text_tsv on messages using gin (text_tsv)`.execute(db);
}
