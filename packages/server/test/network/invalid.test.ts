/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return --
 * The mistakes below deliberately break the parsed file in place: typed access would defeat the point. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importNetwork, InvalidNetworkError } from '../../src/features/network/import';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { dumpTables, loadExample as loadTypedExample, NETWORK_TABLES, rowCount } from './support';

const loadExample = (): Record<string, any> => loadTypedExample();

const NOW = Date.UTC(2030, 0, 1);
const dialects = await dialectsUnderTest();

type Mutation = (file: Record<string, any>) => void;

/** Mistakes of several kinds, each with the path and message it must be refused with. */
const MISTAKES: [string, Mutation, string, string][] = [
  [
    'a wrong format string',
    (f) => (f.format = 'messenger-network/0'),
    'format',
    'format: expected "messenger-network/1"',
  ],
  [
    'a bad account kind',
    (f) => (f.people[3].account = 'business'),
    'people[3].account',
    'people[3].account: expected "personal" or "work"',
  ],
  [
    'a dangling friendship id',
    (f) => (f.friendships[2] = [f.friendships[2][0], '987654321']),
    'friendships[2][1]',
    'friendships[2][1]: unknown person id "987654321"',
  ],
  [
    'a duplicate id',
    (f) => (f.games[0].id = f.people[5].id),
    'games[0].id',
    `games[0].id: duplicate id "${String(loadExample().people[5].id)}" (also people[5])`,
  ],
  [
    'a mistake in the last message of the last thread',
    (f) => (f.threads.at(-1).messages.at(-1).at = 'tomorrow'),
    `threads[${String(loadExample().threads.length - 1)}].messages[${String(loadExample().threads.at(-1).messages.length - 1)}].at`,
    'expected an ISO 8601 date-time',
  ],
];

async function refusal(testDb: TestDb, mutate: Mutation): Promise<InvalidNetworkError> {
  const file = loadExample();
  mutate(file);
  const error: unknown = await importNetwork(testDb.db, file, { now: NOW }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidNetworkError);
  return error as InvalidNetworkError;
}

describe.each(dialects)('refused network files on %s', (dialect) => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb(dialect);
  });
  afterEach(async () => {
    await testDb.dispose();
  });

  it.each(MISTAKES)(
    'refuses %s with its path and writes nothing',
    async (_name, mutate, field, message) => {
      const error = await refusal(testDb, mutate);
      expect(error.field).toBe(field);
      expect(error.message).toContain(message);
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('invalid_network');
      for (const table of NETWORK_TABLES) expect(await rowCount(testDb.db, table)).toBe(0);
    },
  );

  it('refuses a bad file over an imported network and leaves it as it was', async () => {
    await importNetwork(testDb.db, loadExample(), { now: NOW });
    const before = await dumpTables(testDb.db);
    for (const [, mutate] of MISTAKES) {
      await refusal(testDb, (f) => {
        f.people[0].name = 'Changed Name';
        f.games.push({ id: '999999999', name: 'A new game' });
        mutate(f);
      });
    }
    expect(await dumpTables(testDb.db)).toEqual(before);
  });

  it('refuses a username that belongs to someone the file does not list', async () => {
    const first = loadExample();
    await importNetwork(testDb.db, first, { now: NOW });
    const before = await dumpTables(testDb.db);
    const other = loadExample();
    const taken = other.people[0].username as string;
    other.people = [{ ...other.people[1], id: '777777777', username: taken }];
    other.friendships = [];
    other.contacts = [];
    other.blocks = [];
    other.pages = [];
    other.threads = [];
    const error: unknown = await importNetwork(testDb.db, other, { now: NOW }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidNetworkError);
    expect((error as InvalidNetworkError).field).toBe('people[0].username');
    expect(await dumpTables(testDb.db)).toEqual(before);
  });

  it('refuses what is not a JSON object', async () => {
    for (const value of [null, [], 'messenger-network/1', 7]) {
      const error: unknown = await importNetwork(testDb.db, value, { now: NOW }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InvalidNetworkError);
      expect((error as InvalidNetworkError).message).toBe('expected a JSON object');
    }
    expect(await rowCount(testDb.db, 'people')).toBe(0);
  });
});
