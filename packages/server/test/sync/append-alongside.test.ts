import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendDeltas, readLogState } from '../../src/features/sync/delta-log';
import { createTestDb, isPostgresReachable, type TestDb } from '../support/test-db';
import { receipt } from './support/deltas';

const postgres = await isPostgresReachable();

/** Counts the statements run through the Kysely it is added to. */
function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => {
      counter.count += 1;
      return args.node;
    },
    transformResult: (args: Parameters<KyselyPlugin['transformResult']>[0]) =>
      Promise.resolve(args.result),
  };
  return counter;
}

const probeRows = (testDb: TestDb) =>
  testDb.db.read(async (k) =>
    (await sql<{ n: number }>`select n from alongside_probe order by n`.execute(k)).rows.map(
      (row) => row.n,
    ),
  );

describe.skipIf(!postgres)('writes alongside the delta append (postgres)', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    await sql`create table alongside_probe (n integer primary key)`.execute(testDb.db.kysely);
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it('runs the caller’s writes and the append in one statement', async () => {
    const counter = statementCounter();
    const notes = await testDb.db.transact((trx) =>
      appendDeltas(
        trx.withPlugin(counter),
        ['91', '92'].map((userId) => ({ userId, delta: receipt(1) })),
        1,
        testDb.db,
        { alongside: sql`probe as (insert into alongside_probe (n) values (1), (2))` },
      ),
    );
    expect(counter.count).toBe(1);
    expect(notes.map((note) => [note.userId, note.seq])).toEqual([
      ['91', 1],
      ['92', 1],
    ]);
    expect(await probeRows(testDb)).toEqual([1, 2]);
  });

  it('runs the writes when there is nothing to append', async () => {
    const notes = await testDb.db.transact((trx) =>
      appendDeltas(trx, [], 2, testDb.db, {
        alongside: sql`probe as (insert into alongside_probe (n) values (3))`,
      }),
    );
    expect(notes).toEqual([]);
    expect(await probeRows(testDb)).toEqual([1, 2, 3]);
  });

  it('appends nothing when the writes fail', async () => {
    const attempt = testDb.db.transact((trx) =>
      appendDeltas(
        trx,
        [{ userId: '91', delta: receipt(2) }],
        3,
        testDb.db,
        // 1 is taken: the statement fails, its append with it.
        { alongside: sql`probe as (insert into alongside_probe (n) values (1))` },
      ),
    );
    await expect(attempt).rejects.toThrow(/alongside_probe_pkey/);
    expect(await testDb.db.read((k) => readLogState(k, '91'))).toEqual({ head: 1, pruned: 0 });
    expect(await probeRows(testDb)).toEqual([1, 2, 3]);
  });
});
