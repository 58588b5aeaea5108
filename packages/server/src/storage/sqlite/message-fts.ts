import { sql, type Kysely } from 'kysely';

/**
 * SQLite full-text index of message texts: an FTS5 external-content table over
 * `messages` (rowid = messages.rowid), kept in step by triggers. `unicode61
 * remove_diacritics 2` folds accents like core's flattenName, so "emond" finds
 * "Émond". Prefix indexes of 2 and 3 characters keep typeahead queries fast.
 *
 * PostgreSQL has no such table: `messages.text_tsv` is a generated tsvector
 * (`to_tsvector('simple', text)`) with a GIN index (migrations/001-network.ts).
 */
export const MESSAGES_FTS_TABLE = sql`
  create virtual table messages_fts using fts5(
    text,
    content = 'messages',
    content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`;

const TRIGGERS = [
  sql`create trigger messages_fts_insert after insert on messages begin
    insert into messages_fts (rowid, text) values (new.rowid, new.text);
  end`,
  sql`create trigger messages_fts_delete after delete on messages begin
    insert into messages_fts (messages_fts, rowid, text) values ('delete', old.rowid, old.text);
  end`,
  // Only a changed text touches the index, so re-importing the same file costs nothing here.
  sql`create trigger messages_fts_update after update of text on messages
    when old.text is not new.text begin
    insert into messages_fts (messages_fts, rowid, text) values ('delete', old.rowid, old.text);
    insert into messages_fts (rowid, text) values (new.rowid, new.text);
  end`,
];

const TRIGGER_NAMES = ['messages_fts_insert', 'messages_fts_delete', 'messages_fts_update'];

export async function createMessageFtsTriggers<DB>(db: Kysely<DB>): Promise<void> {
  for (const trigger of TRIGGERS) await trigger.execute(db);
}

/**
 * A bulk load drops the triggers, writes, then rebuilds the index once
 * (`rebuildMessageFts`): one pass instead of a million trigger firings.
 * SQLite DDL is transactional, so a failed import restores the triggers.
 */
export async function dropMessageFtsTriggers<DB>(db: Kysely<DB>): Promise<void> {
  for (const name of TRIGGER_NAMES) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
}

export async function rebuildMessageFts<DB>(db: Kysely<DB>): Promise<void> {
  await sql`insert into messages_fts (messages_fts) values ('rebuild')`.execute(db);
}
