import { flattenName, type Gate, type NetworkCompany, type NetworkPerson } from '@messenger/core';
import type { SeededRandom } from './random';
import { COMPANIES, FIRST_NAMES, LAST_NAMES } from './vocabulary';

/** The password of every demo account (README: Demo). */
export const DEMO_PASSWORD = 'messenger-demo';

export type DemoKind =
  | 'personal'
  | 'work'
  | 'employee'
  | 'employee_work'
  | 'messenger_only'
  | 'memorialized'
  | 'instagram';

/** How many people of each kind; the first of each kind is its well-connected "hub". */
const PLAN: readonly { kind: DemoKind; count: number; company?: number }[] = [
  { kind: 'personal', count: 160 },
  { kind: 'work', count: 24, company: 0 },
  { kind: 'work', count: 16, company: 1 },
  { kind: 'employee', count: 6 },
  { kind: 'employee_work', count: 4, company: 0 },
  { kind: 'messenger_only', count: 12 },
  { kind: 'memorialized', count: 5 },
  { kind: 'instagram', count: 13 },
];

export interface DemoPerson {
  person: NetworkPerson;
  kind: DemoKind;
  /** The first of its kind (and company): gets many friends and conversations. */
  hub: boolean;
}

export const PERSON_ID_BASE = 1_000_001;

export function demoCompanies(): NetworkCompany[] {
  return COMPANIES.map((company, i) => ({
    id: String(900 + i + 1),
    name: company.name,
    prefix: company.prefix,
  }));
}

function usernameFor(name: string, taken: Set<string>): string {
  const base = flattenName(name)
    .replace(/[^a-z0-9 ]+/g, '')
    .trim()
    .replace(/\s+/g, '.');
  let username = base;
  for (let n = 2; taken.has(username); n++) username = `${base}${String(n)}`;
  taken.add(username);
  return username;
}

function gatesFor(random: SeededRandom, kind: DemoKind, hub: boolean): Gate[] {
  const gates: Gate[] = [];
  const work = kind === 'work' || kind === 'employee_work';
  if (hub || random.chance(0.6)) gates.push('message_search');
  if (hub || random.chance(0.5)) gates.push('group_search');
  if (work && (hub || random.chance(0.5))) gates.push('workchat_search_context');
  // The messenger-only hub shows the external bug report; others are left to chance.
  if ((hub && kind === 'messenger_only') || (!hub && random.chance(0.3))) {
    gates.push('external_bug_report');
  }
  return gates;
}

/**
 * The people of the demo network, in plan order. `today` (UTC day and month
 * of the injected date) is given to a few people as their birthday.
 */
export function demoPeople(
  random: SeededRandom,
  companies: readonly NetworkCompany[],
  today: { day: number; month: number },
): DemoPerson[] {
  const names = new Set<string>();
  const usernames = new Set<string>();
  const out: DemoPerson[] = [];
  for (const { kind, count, company } of PLAN) {
    for (let i = 0; i < count; i++) {
      let name: string;
      do name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
      while (names.has(name));
      names.add(name);
      const hub = i === 0;
      const work = kind === 'work' || kind === 'employee_work';
      const companyId = work && company !== undefined ? (companies[company]?.id ?? null) : null;
      const birthday = out.length % 40 === 3;
      const person: NetworkPerson = {
        id: String(PERSON_ID_BASE + out.length),
        name,
        short_name: name.split(' ')[0] ?? name,
        username: usernameFor(name, usernames),
        password: DEMO_PASSWORD,
        account: work ? 'work' : 'personal',
        company: companyId,
        employee: kind === 'employee' || kind === 'employee_work',
        messenger_only: kind === 'messenger_only',
        memorialized: kind === 'memorialized',
        instagram: kind === 'instagram',
        birthdate: birthday
          ? { ...today, year: random.int(1960, 2004) }
          : {
              day: random.int(1, 28),
              month: random.int(1, 12),
              year: random.chance(0.8) ? random.int(1955, 2006) : null,
            },
        picture: null,
        can_receive_money: hub || random.chance(0.5),
        gates: gatesFor(random, kind, hub),
      };
      out.push({ person, kind, hub });
    }
  }
  return out;
}
