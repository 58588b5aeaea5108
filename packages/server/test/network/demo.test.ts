import { verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GATES,
  PAGE_CATEGORIES,
  flattenName,
  validateNetwork,
  type Network,
} from '@messenger/core';
import type { AppContext } from '../../src/context';
import type { Runtime } from '../../src/runtime';
import { createTestRuntime } from '../support/runtime';
import { DEMO_PASSWORD, generateDemoNetwork } from '../../src/features/demo/generate';
import { isNetworkEmpty, loadDemoNetwork } from '../../src/features/demo/load';
import { demoLogins, formatLoginTable } from '../../src/features/demo/logins';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { rowCount } from './support';

const NOW = Date.UTC(2031, 6, 14, 9, 30);
const dialects = await dialectsUnderTest();

const demo = (): Network => generateDemoNetwork({ now: NOW });

describe('the demo network', () => {
  it('is deterministic for a seed and a date', () => {
    expect(generateDemoNetwork({ now: NOW })).toEqual(generateDemoNetwork({ now: NOW }));
    expect(generateDemoNetwork({ now: NOW, seed: 7 })).not.toEqual(
      generateDemoNetwork({ now: NOW }),
    );
  });

  it('is a valid network file', () => {
    const result = validateNetwork(JSON.parse(JSON.stringify(demo())));
    expect(result.ok).toBe(true);
  });

  it('covers every account kind', () => {
    const { people, companies } = demo();
    expect(people.length).toBeGreaterThanOrEqual(200);
    const count = (test: (p: (typeof people)[number]) => boolean): number =>
      people.filter(test).length;
    expect(
      count(
        (p) =>
          p.account === 'personal' &&
          !p.employee &&
          !p.messenger_only &&
          !p.memorialized &&
          !p.instagram,
      ),
    ).toBeGreaterThan(50);
    expect(companies.length).toBeGreaterThanOrEqual(2);
    for (const company of companies) {
      expect(count((p) => p.account === 'work' && p.company === company.id)).toBeGreaterThanOrEqual(
        2,
      );
    }
    expect(count((p) => p.employee && p.account === 'personal')).toBeGreaterThan(0);
    expect(count((p) => p.employee && p.account === 'work')).toBeGreaterThan(0);
    expect(count((p) => p.messenger_only)).toBeGreaterThan(0);
    expect(count((p) => p.memorialized)).toBeGreaterThan(0);
    expect(count((p) => p.instagram)).toBeGreaterThan(0);
    expect(people.every((p) => p.password === DEMO_PASSWORD)).toBe(true);
  });

  it('has varied names, birthdays today and every gate on for some and off for others', () => {
    const { people } = demo();
    expect(
      people.filter((p) => flattenName(p.name) !== p.name.toLowerCase()).length,
    ).toBeGreaterThan(20);
    expect(new Set(people.map((p) => p.name)).size).toBe(people.length);
    const today = people.filter((p) => p.birthdate?.day === 14 && p.birthdate.month === 7);
    expect(today.length).toBeGreaterThan(0);
    for (const gate of GATES) {
      const holders = people.filter((p) => p.gates.includes(gate)).length;
      expect(holders, gate).toBeGreaterThan(0);
      expect(holders, gate).toBeLessThan(people.length);
    }
  });

  it('has a lively graph: friends, contacts, a block, pages of every category with admins, games', () => {
    const network = demo();
    expect(network.friendships.length / network.people.length).toBeGreaterThan(4);
    expect(network.contacts.length).toBeGreaterThan(0);
    expect(network.blocks.length).toBeGreaterThan(0);
    for (const category of PAGE_CATEGORIES) {
      const pages = network.pages.filter((p) => p.category === category);
      expect(pages.length, category).toBeGreaterThan(0);
      expect(pages.every((p) => p.admins.length > 0)).toBe(true);
    }
    expect(network.games.length).toBeGreaterThan(0);
  });

  it('has conversations of every kind with a realistic history', () => {
    const { threads, pages } = demo();
    const messages = threads.flatMap((t) => t.messages);
    expect(messages.length).toBeGreaterThanOrEqual(300);
    expect(messages.length).toBeLessThanOrEqual(5000);
    expect(messages.every((m) => Date.parse(m.at) < NOW)).toBe(true);
    expect(messages.some((m) => /(^|\s)(:\)|:D|<3|;\)|:P)(\s|$)/.test(m.text))).toBe(true);
    expect(messages.some((m) => /https?:\/\/|www\./.test(m.text))).toBe(true);
    expect(
      threads.filter((t) => t.kind === 'group' && t.messages.length > 0).length,
    ).toBeGreaterThan(5);
    expect(
      threads.filter((t) => t.kind === 'one_to_one' && t.messages.length > 0).length,
    ).toBeGreaterThan(50);
    expect(threads.some((t) => t.kind === 'group' && t.name === null)).toBe(true);
    const folders = threads.flatMap((t) => Object.values(t.folders));
    expect(folders).toContain('PENDING');
    expect(folders).toContain('OTHER');
    expect(threads.some((t) => t.kind === 'group' && t.privacy_mode === 0)).toBe(true);
    const pageIds = new Set(pages.map((p) => p.id));
    expect(threads.some((t) => t.participants.some((id) => pageIds.has(id)))).toBe(true);
  });

  it('lists one login per account kind, taken from the generated people', () => {
    const network = demo();
    const logins = demoLogins(network);
    const kinds = logins.map((l) => l.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const company of network.companies) {
      expect(kinds).toContain(`work account (${company.name})`);
    }
    expect(kinds).toEqual(
      expect.arrayContaining(['personal', 'employee', 'messenger-only', 'Instagram user']),
    );
    expect(kinds.some((k) => k.startsWith('employee with work account'))).toBe(true);
    for (const login of logins) {
      const person = network.people.find((p) => p.username === login.username);
      expect(person, login.username).toBeDefined();
      expect(person?.memorialized).toBe(false);
      expect(login.password).toBe(DEMO_PASSWORD);
    }
    const table = formatLoginTable(logins);
    for (const login of logins) expect(table).toContain(login.username);
    // Another seed, other people: nothing is hard-coded.
    const other = demoLogins(generateDemoNetwork({ now: NOW, seed: 99 }));
    expect(other.map((l) => l.username)).not.toEqual(logins.map((l) => l.username));
  });
});

describe.each(dialects)('loading the demo network on %s', (dialect) => {
  let testDb: TestDb;
  let ctx: AppContext;
  let runtime: Runtime;
  beforeEach(async () => {
    testDb = await createTestDb(dialect);
    runtime = await createTestRuntime(testDb.db, {}, { clock: { now: () => NOW } });
    ctx = runtime.ctx;
  });
  afterEach(async () => {
    await runtime.close();
    await testDb.dispose();
  });

  it('imports into an empty database and answers logins that work', async () => {
    expect(await isNetworkEmpty(ctx)).toBe(true);
    const logins = await loadDemoNetwork(ctx);
    expect(await isNetworkEmpty(ctx)).toBe(false);
    const network = demo();
    expect(await rowCount(testDb.db, 'people')).toBe(network.people.length);
    expect(await rowCount(testDb.db, 'messages')).toBe(
      network.threads.reduce((sum, t) => sum + t.messages.length, 0),
    );
    const [first] = logins;
    if (!first) throw new Error('the demo has logins');
    const row = await testDb.db.kysely
      .selectFrom('people')
      .select('password_hash')
      .where('username', '=', first.username)
      .executeTakeFirstOrThrow();
    expect(await verify(row.password_hash, first.password)).toBe(true);
  });
});
