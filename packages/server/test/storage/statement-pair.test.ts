import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_PAIR, preparedPair, splitPair } from '../../src/storage/statement-pair';
import { createTestDb, isPostgresReachable, type TestDb } from '../support/test-db';

describe('splitPair', () => {
  // Compiled as Kysely compiles for PostgreSQL, without a connection.
  const compiler = new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  it('gives each statement its own parameters, the second renumbered from $1', () => {
    const compiled = preparedPair(
      sql`select ${'a'}::text, ${'b'}::text`,
      sql`select ${1}::int + ${2}::int, ${3}::int`,
    ).compile(compiler);
    const [first, second] = splitPair(compiled.sql, compiled.parameters);
    expect(first).toEqual({ text: 'select $1::text, $2::text', values: ['a', 'b'] });
    expect(second).toEqual({ text: 'select $1::int + $2::int, $3::int', values: [1, 2, 3] });
  });

  it('refuses a text that is not a pair', () => {
    expect(() => splitPair('select 1', [])).toThrow('not a statement pair');
    expect(() => splitPair(`${PREPARED_PAIR}select 1`, [])).toThrow('not a statement pair');
  });
});

const postgres = await isPostgresReachable();

describe.skipIf(!postgres)('statement pairs (postgres)', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    await sql`create table pair_lock (id integer primary key)`.execute(testDb.db.kysely);
    await sql`create table pair_seen (n integer primary key)`.execute(testDb.db.kysely);
    await sql`insert into pair_lock (id) values (1)`.execute(testDb.db.kysely);
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it('answers both statements, with their own values, in one query', async () => {
    const answer = await testDb.db.transact(async (trx) =>
      preparedPair(
        sql<{ id: number }>`select id from pair_lock where id = ${1} for update`,
        sql<{ sum: number }>`select ${20}::integer + ${22}::integer as sum`,
      ).execute(trx),
    );
    expect(answer.rows).toEqual([{ first: [{ id: 1 }], second: [{ sum: 42 }] }]);
  });

  it('runs the second after the first has its lock: it sees what committed meanwhile', async () => {
    let release = (): void => undefined;
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = (): void => undefined;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Another transaction holds the row, then commits a row of pair_seen as it lets go.
    const other = testDb.db.transact(async (trx) => {
      await sql`select id from pair_lock where id = 1 for update`.execute(trx);
      locked();
      await holding;
      await sql`insert into pair_seen (n) values (7)`.execute(trx);
    });
    await lockTaken;
    const pair = testDb.db.transact(async (trx) =>
      preparedPair(
        sql<{ id: number }>`select id from pair_lock where id = ${1} for update`,
        sql<{ n: number }>`select n from pair_seen where n > ${0}`,
      ).execute(trx),
    );
    // Give the pair time to be written and to wait on the lock before the other commits.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await other;
    const answer = await pair;
    // One statement with both would have read pair_seen before the wait: empty.
    expect(answer.rows[0]?.second).toEqual([{ n: 7 }]);
  });

  it('fails with the first statement’s error and rolls back', async () => {
    await expect(
      testDb.db.transact(async (trx) => {
        await sql`insert into pair_seen (n) values (8)`.execute(trx);
        await preparedPair(
          sql`select id from pair_lock where id = ${1}::integer / ${0}::integer`,
          sql`select n from pair_seen where n > ${0}`,
        ).execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    const rows = await sql<{ n: number }>`select n from pair_seen order by n`.execute(
      testDb.db.kysely,
    );
    expect(rows.rows).toEqual([{ n: 7 }]);
  });
});
