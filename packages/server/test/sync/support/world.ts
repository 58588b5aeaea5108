import type { Db } from '../../../src/storage/db';
import { insertCompany, insertPerson, PASSWORD } from '../../support/people';
import { viewerFromRow, type Viewer } from '../../../src/features/accounts/viewer';

/**
 * A small network for the messaging and sync suites. Ids and names are
 * arbitrary (nothing depends on the example network's):
 * ann–ben, ann–dot and ben–dot are friends; cal is a stranger to everyone;
 * eve administers the page "Corner Shop"; fay and gus are coworkers (work
 * accounts of one company) without a friendship; moe is memorialized.
 */
export const PEOPLE = {
  ann: '8101',
  ben: '8102',
  cal: '8103',
  dot: '8104',
  eve: '8105',
  fay: '8106',
  gus: '8107',
  moe: '8108',
} as const;
export type PersonName = keyof typeof PEOPLE;

export const PAGE = '8201';
export const OTHER_PAGE = '8202';

export const username = (name: PersonName): string => `${name}.sync`;

async function befriend(db: Db, a: string, b: string): Promise<void> {
  await db.kysely
    .insertInto('friendships')
    .values([
      { person_id: a, friend_id: b },
      { person_id: b, friend_id: a },
    ])
    .execute();
}

export async function seedWorld(db: Db): Promise<void> {
  await insertCompany(db, { id: '93', name: 'Initech', prefix: 'initech' });
  for (const [name, id] of Object.entries(PEOPLE) as [PersonName, string][]) {
    await insertPerson(db, {
      id,
      username: username(name),
      password: PASSWORD,
      name: `${name[0]?.toUpperCase() ?? ''}${name.slice(1)} Tester`,
      ...(name === 'fay' || name === 'gus' ? { account: 'work' as const, company_id: '93' } : {}),
      ...(name === 'moe' ? { memorialized: true } : {}),
    });
  }
  await befriend(db, PEOPLE.ann, PEOPLE.ben);
  await befriend(db, PEOPLE.ann, PEOPLE.dot);
  await befriend(db, PEOPLE.ben, PEOPLE.dot);
  await db.kysely
    .insertInto('pages')
    .values([
      {
        id: PAGE,
        name: 'Corner Shop',
        name_flat: 'corner shop',
        category: 'PAGE',
        verified: 0,
        commerce: 0,
      },
      {
        id: OTHER_PAGE,
        name: 'Quiet Page',
        name_flat: 'quiet page',
        category: 'PAGE',
        verified: 0,
        commerce: 0,
      },
    ])
    .execute();
  await db.kysely
    .insertInto('page_admins')
    .values({ page_id: PAGE, person_id: PEOPLE.eve })
    .execute();
}

/** The viewer a session of this person would have. */
export async function viewerOf(db: Db, id: string): Promise<Viewer> {
  const row = await db.kysely
    .selectFrom('people')
    .leftJoin('companies', 'companies.id', 'people.company_id')
    .select([
      'people.id',
      'people.name',
      'people.short_name',
      'people.username',
      'people.account',
      'people.company_id',
      'companies.prefix as company_prefix',
      'people.employee',
      'people.gates',
    ])
    .where('people.id', '=', id)
    .executeTakeFirstOrThrow();
  return viewerFromRow(row);
}

export async function block(db: Db, blocker: string, blocked: string): Promise<void> {
  await db.kysely
    .insertInto('blocks')
    .values({ blocker_id: blocker, blocked_id: blocked })
    .execute();
}
