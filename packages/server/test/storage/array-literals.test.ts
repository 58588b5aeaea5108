import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  booleanArrayLiteral,
  integerArrayLiteral,
  RECORD_SEPARATOR,
  recordSeparated,
  textArrayLiteral,
} from '../../src/storage/array-literals';
import { createTestDb, isPostgresReachable, type TestDb } from '../support/test-db';

const postgres = await isPostgresReachable();

/** Texts an array literal must carry unchanged: what people type, and what looks like syntax. */
const AWKWARD_TEXTS = [
  '123',
  '',
  'NULL',
  'null',
  ' leading and trailing ',
  'a,b',
  '{braces}',
  'say "hi"',
  'back\\slash \\" both',
  'line\nbreak\ttab',
  'emoji 🙂 and accents é',
  JSON.stringify({ kind: 'message_new', text: 'a "quoted" \\ text, {x}' }),
];

describe('array literals', () => {
  it('writes integers, booleans and digit ids bare, NULL for null', () => {
    expect(integerArrayLiteral([1, null, -3])).toBe('{1,NULL,-3}');
    expect(booleanArrayLiteral([true, false])).toBe('{t,f}');
    expect(textArrayLiteral(['12', null, 'a"b'])).toBe('{12,NULL,"a\\"b"}');
  });

  it('refuses a text that holds the record separator', () => {
    expect(() => recordSeparated(['ok', `bad${RECORD_SEPARATOR}`])).toThrow(/record separator/);
  });
});

describe.skipIf(!postgres)('array literals read by PostgreSQL', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it('reads every text back as it was, nulls as nulls', async () => {
    const texts = [...AWKWARD_TEXTS, null];
    const result = await sql<{ t: string | null }>`
      select t from unnest(${textArrayLiteral(texts)}::text[]) with ordinality as u(t, n)
      order by n`.execute(testDb.db.kysely);
    expect(result.rows.map((r) => r.t)).toEqual(texts);
  });

  it('reads integers, bigints and booleans back', async () => {
    const result = await sql<{ i: number | null; b: string; f: boolean }>`
      select i, b::text, f from unnest(${integerArrayLiteral([7, null, -2])}::integer[],
        ${integerArrayLiteral([1_764_000_000_000, 0, 9_007_199_254_740_991])}::bigint[],
        ${booleanArrayLiteral([true, false, true])}::boolean[]) with ordinality as u(i, b, f, n)
      order by n`.execute(testDb.db.kysely);
    expect(result.rows).toEqual([
      { i: 7, b: '1764000000000', f: true },
      { i: null, b: '0', f: false },
      { i: -2, b: '9007199254740991', f: true },
    ]);
  });

  it('splits record-separated JSON back into the same texts', async () => {
    const texts = AWKWARD_TEXTS.map((text) => JSON.stringify({ text }));
    const result = await sql<{ t: string }>`
      select t from unnest(string_to_array(${recordSeparated(texts)}::text,
        ${RECORD_SEPARATOR}::text)) with ordinality as u(t, n) order by n`.execute(
      testDb.db.kysely,
    );
    expect(result.rows.map((r) => r.t)).toEqual(texts);
  });
});
