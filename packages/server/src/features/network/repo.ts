import { sql, type Insertable } from 'kysely';
import type { Database } from '../../storage/database';
import type {
  BlockTable,
  CompanyTable,
  ContactTable,
  FriendshipTable,
  GameTable,
  PageAdminTable,
  PageTable,
  ImportedPerson,
  ThreadParticipantTable,
} from '../../storage/tables/network';
import { changed, chunks, excluded, type Db } from './upsert-sql';

/** Bulk reads and writes of the social graph for the network import (see upsert-sql.ts). */
const COMPANY_COLUMNS = ['name', 'prefix'] as const;
export async function upsertCompanies(db: Db, rows: CompanyTable[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await db
      .insertInto('companies')
      .values(batch)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(excluded(COMPANY_COLUMNS))
          .where(changed('companies', COMPANY_COLUMNS)),
      )
      .execute();
  }
}

export async function findPeople(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; username: string; password_hash: string }[]> {
  const out = [];
  for (const batch of chunks(ids)) {
    out.push(
      ...(await db
        .selectFrom('people')
        .select(['id', 'username', 'password_hash'])
        .where('id', 'in', batch)
        .execute()),
    );
  }
  return out;
}

export async function findPeopleByUsername(
  db: Db,
  usernames: readonly string[],
): Promise<{ id: string; username: string }[]> {
  const out = [];
  for (const batch of chunks(usernames)) {
    out.push(
      ...(await db
        .selectFrom('people')
        .select(['id', 'username'])
        .where('username', 'in', batch)
        .execute()),
    );
  }
  return out;
}

/**
 * Frees usernames that change hands within one import (a swap would break
 * uniqueness mid-way). The placeholder has a space, which no username has.
 */
export async function parkUsernames(db: Db, ids: readonly string[]): Promise<void> {
  for (const batch of chunks(ids)) {
    await db
      .updateTable('people')
      .set({ username: sql<string>`${' parked:'} || id` })
      .where('id', 'in', batch)
      .execute();
  }
}

const PERSON_COLUMNS = [
  'name',
  'short_name',
  'name_flat',
  'username',
  'password_hash',
  'account',
  'company_id',
  'employee',
  'messenger_only',
  'memorialized',
  'instagram',
  'birth_day',
  'birth_month',
  'birth_year',
  'picture',
  'can_receive_money',
  'gates',
] as const;
export async function upsertPeople(
  db: Db,
  rows: ImportedPerson[],
  onBatch: (count: number) => void,
): Promise<void> {
  for (const batch of chunks(rows)) {
    await db
      .insertInto('people')
      .values(batch)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(excluded(PERSON_COLUMNS))
          .where(changed('people', PERSON_COLUMNS)),
      )
      .execute();
    onBatch(batch.length);
  }
}

/** Every friendship, contact and block a person is part of, in either direction. */
export async function deletePersonRelations(db: Db, personIds: readonly string[]): Promise<void> {
  for (const batch of chunks(personIds)) {
    await db.deleteFrom('friendships').where('person_id', 'in', batch).execute();
    await db.deleteFrom('friendships').where('friend_id', 'in', batch).execute();
    await db.deleteFrom('contacts').where('person_id', 'in', batch).execute();
    await db.deleteFrom('contacts').where('contact_id', 'in', batch).execute();
    await db.deleteFrom('blocks').where('blocker_id', 'in', batch).execute();
    await db.deleteFrom('blocks').where('blocked_id', 'in', batch).execute();
  }
}

interface RelationRows {
  friendships: FriendshipTable;
  contacts: ContactTable;
  blocks: BlockTable;
  page_admins: PageAdminTable;
  thread_participants: ThreadParticipantTable;
}

export async function insertRelations<T extends keyof RelationRows>(
  db: Db,
  table: T,
  rows: readonly RelationRows[T][],
  onBatch: (count: number) => void = () => undefined,
): Promise<void> {
  for (const batch of chunks(rows)) {
    await db
      .insertInto(table)
      .values(batch as Insertable<Database[T]>[])
      .execute();
    onBatch(batch.length);
  }
}

const PAGE_COLUMNS = ['name', 'name_flat', 'category', 'verified', 'commerce'] as const;
export async function upsertPages(db: Db, rows: PageTable[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await db
      .insertInto('pages')
      .values(batch)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(excluded(PAGE_COLUMNS)).where(changed('pages', PAGE_COLUMNS)),
      )
      .execute();
  }
  for (const batch of chunks(rows.map((row) => row.id))) {
    await db.deleteFrom('page_admins').where('page_id', 'in', batch).execute();
  }
}

const GAME_COLUMNS = ['name', 'name_flat'] as const;
export async function upsertGames(db: Db, rows: GameTable[]): Promise<void> {
  for (const batch of chunks(rows)) {
    await db
      .insertInto('games')
      .values(batch)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(excluded(GAME_COLUMNS)).where(changed('games', GAME_COLUMNS)),
      )
      .execute();
  }
}

export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet(excluded(['value']))
        .where(changed('settings', ['value'])),
    )
    .execute();
}
