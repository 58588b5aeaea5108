import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db';
import type { DialectMigration } from '../dialect-migration';

/**
 * A word index of people's flattened names, so profile search finds "Smith,
 * Anna" from "ann" without reading every person: the b-tree on name_flat
 * (migration 001) only serves names that start with the query.
 *
 * SQLite: an FTS5 external-content table over `people` (rowid = people's
 * rowid, stable because people are upserted with ON CONFLICT DO UPDATE),
 * kept in step by triggers. PostgreSQL: a GIN index on the 'simple' tsvector
 * of name_flat.
 */
export const PEOPLE_FTS_TABLE = 'people_fts';

const SQLITE_STATEMENTS = [
  sql`create virtual table people_fts using fts5(
    name_flat,
    content = 'people',
    content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
  )`,
  sql`create trigger people_fts_insert after insert on people begin
    insert into people_fts (rowid, name_flat) values (new.rowid, new.name_flat);
  end`,
  sql`create trigger people_fts_delete after delete on people begin
    insert into people_fts (people_fts, rowid, name_flat) values ('delete', old.rowid, old.name_flat);
  end`,
  // Only a changed name touches the index, so re-importing the same file costs nothing here.
  sql`create trigger people_fts_update after update of name_flat on people
    when old.name_flat is not new.name_flat begin
    insert into people_fts (people_fts, rowid, name_flat) values ('delete', old.rowid, old.name_flat);
    insert into people_fts (rowid, name_flat) values (new.rowid, new.name_flat);
  end`,
  // People imported before this migration.
  sql`insert into people_fts (people_fts) values ('rebuild')`,
];

export const searchMigration: DialectMigration = {
  async up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
    if (dialect === 'sqlite') {
      for (const statement of SQLITE_STATEMENTS) await statement.execute(db);
      return;
    }
    await sql`create index people_name_words on people
      using gin (to_tsvector('simple', name_flat))`.execute(db);
  },
};
