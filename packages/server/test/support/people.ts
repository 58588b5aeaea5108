import { hash } from '@node-rs/argon2';
import type { Db } from '../../src/storage/db';
import type { AccountKind } from '../../src/storage/tables/network';

/**
 * Writes people, companies and network settings straight into the tables
 * (features/network/tables.ts), for tests that need accounts without going
 * through a network import. Passwords are hashed with argon2 like real ones.
 */

export interface CompanySeed {
  id: string;
  name?: string;
  prefix?: string;
}

export interface PersonSeed {
  id: string;
  username: string;
  password: string;
  name?: string;
  short_name?: string;
  account?: AccountKind;
  company_id?: string | null;
  employee?: boolean;
  memorialized?: boolean;
  gates?: string[];
}

export async function insertCompany(db: Db, company: CompanySeed): Promise<void> {
  await db.kysely
    .insertInto('companies')
    .values({
      id: company.id,
      name: company.name ?? `Company ${company.id}`,
      prefix: company.prefix ?? `c${company.id}`,
    })
    .execute();
}

const hashes = new Map<string, Promise<string>>();

/** Same password, same hash: argon2 is slow on purpose and fixtures reuse passwords. */
function hashOnce(password: string): Promise<string> {
  let pending = hashes.get(password);
  if (pending === undefined) {
    pending = hash(password);
    hashes.set(password, pending);
  }
  return pending;
}

export async function insertPerson(db: Db, person: PersonSeed): Promise<void> {
  const name = person.name ?? `Person ${person.id}`;
  await db.kysely
    .insertInto('people')
    .values({
      id: person.id,
      name,
      short_name: person.short_name ?? name.split(' ')[0] ?? name,
      name_flat: name.toLowerCase(),
      username: person.username,
      password_hash: await hashOnce(person.password),
      account: person.account ?? 'personal',
      company_id: person.company_id ?? null,
      employee: person.employee === true ? 1 : 0,
      messenger_only: 0,
      memorialized: person.memorialized === true ? 1 : 0,
      instagram: 0,
      birth_day: null,
      birth_month: null,
      birth_year: null,
      picture: null,
      can_receive_money: 0,
      gates: JSON.stringify(person.gates ?? []),
    })
    .execute();
}

/** A network-wide setting such as `allow_external_bug_reports` (value stored as JSON). */
export async function setNetworkSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db.kysely
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

export const PASSWORD = 'correct horse battery staple';

/**
 * The four viewers of the permission matrix plus a few edge cases, in two
 * companies. Ids are arbitrary: nothing may depend on the example network.
 */
export const MATRIX = {
  ordinary: { id: '7001', username: 'ordinary.olga', password: PASSWORD },
  reporter: {
    id: '7002',
    username: 'reporter.rae',
    password: PASSWORD,
    gates: ['external_bug_report'],
  },
  work: { id: '7003', username: 'work.wes', password: PASSWORD, account: 'work', company_id: '91' },
  coworker: {
    id: '7004',
    username: 'work.cora',
    password: PASSWORD,
    account: 'work',
    company_id: '91',
  },
  employee: { id: '7005', username: 'staff.esme', password: PASSWORD, employee: true },
  employeeWork: {
    id: '7006',
    username: 'staff.ewan',
    password: PASSWORD,
    account: 'work',
    company_id: '91',
    employee: true,
    gates: ['external_bug_report'],
  },
  outsider: {
    id: '7007',
    username: 'work.otto',
    password: PASSWORD,
    account: 'work',
    company_id: '92',
  },
  memorialized: { id: '7008', username: 'gone.gil', password: PASSWORD, memorialized: true },
} as const satisfies Record<string, PersonSeed>;

export type MatrixName = keyof typeof MATRIX;

/** Companies 91 and 92 and every MATRIX person. */
export async function seedMatrix(db: Db): Promise<void> {
  await insertCompany(db, { id: '91', name: 'Acme', prefix: 'acme' });
  await insertCompany(db, { id: '92', name: 'Globex', prefix: 'globex' });
  for (const person of Object.values(MATRIX)) {
    await insertPerson(db, { ...person, gates: 'gates' in person ? [...person.gates] : [] });
  }
}
