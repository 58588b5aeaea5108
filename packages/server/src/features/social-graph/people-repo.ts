import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database';
import type { Db } from '../../storage/db';

/** The columns of a person that any read of the graph needs (never the password hash). */
export interface PersonRow {
  id: string;
  name: string;
  short_name: string;
  name_flat: string;
  username: string;
  account: 'personal' | 'work';
  company_id: string | null;
  employee: number;
  messenger_only: number;
  memorialized: number;
  instagram: number;
  birth_day: number | null;
  birth_month: number | null;
  picture: string | null;
  can_receive_money: number;
  /** 0 active, 1 deactivated (SCIM), 2 deleted (migration 045-provisioning). */
  deactivated: number;
}

export const PERSON_COLUMNS = [
  'people.id',
  'people.name',
  'people.short_name',
  'people.name_flat',
  'people.username',
  'people.account',
  'people.company_id',
  'people.employee',
  'people.messenger_only',
  'people.memorialized',
  'people.instagram',
  'people.birth_day',
  'people.birth_month',
  'people.picture',
  'people.can_receive_money',
  'people.deactivated',
] as const;

/** SQLite's default limit on bound parameters is far above this; PostgreSQL's too. */
const ID_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** People by id (any order); unknown ids are simply absent. */
export async function peopleByIds(db: Db, ids: readonly string[]): Promise<PersonRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.read(async (k) => {
    const rows: PersonRow[] = [];
    for (const part of chunks(unique)) {
      rows.push(
        ...(await k.selectFrom('people').select(PERSON_COLUMNS).where('id', 'in', part).execute()),
      );
    }
    return rows;
  });
}

/** Living friends of a person (memorialized accounts are never listed). */
export function friendsOf(k: Kysely<Database>, personId: string): Promise<PersonRow[]> {
  return k
    .selectFrom('friendships')
    .innerJoin('people', 'people.id', 'friendships.friend_id')
    .select(PERSON_COLUMNS)
    .where('friendships.person_id', '=', personId)
    .where('people.memorialized', '=', 0)
    .execute();
}

/** Messenger contacts who are not friends. */
export function contactsOf(k: Kysely<Database>, personId: string): Promise<PersonRow[]> {
  return k
    .selectFrom('contacts')
    .innerJoin('people', 'people.id', 'contacts.contact_id')
    .select(PERSON_COLUMNS)
    .where('contacts.person_id', '=', personId)
    .where('people.memorialized', '=', 0)
    .execute();
}

/** Work accounts of the same company: the fb4c contacts of a work viewer. */
export function coworkersOf(
  k: Kysely<Database>,
  personId: string,
  companyId: string,
): Promise<PersonRow[]> {
  return k
    .selectFrom('people')
    .select(PERSON_COLUMNS)
    .where('people.company_id', '=', companyId)
    .where('people.account', '=', 'work')
    .where('people.id', '<>', personId)
    .where('people.memorialized', '=', 0)
    .execute();
}

export interface CompanyRow {
  id: string;
  name: string;
  prefix: string;
}

export async function companyById(db: Db, id: string): Promise<CompanyRow | undefined> {
  return db.read((k) =>
    k
      .selectFrom('companies')
      .select(['id', 'name', 'prefix'])
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

export async function companiesByIds(db: Db, ids: readonly string[]): Promise<CompanyRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.read((k) =>
    k.selectFrom('companies').select(['id', 'name', 'prefix']).where('id', 'in', unique).execute(),
  );
}
