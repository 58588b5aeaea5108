import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED, PREPARED_THEN_COMMIT } from '../../src/storage/prepared-statements';
import { createTestDb, isPostgresReachable, type TestDb } from '../support/test-db';

const postgres = await isPostgresReachable();

describe.skipIf(!postgres)('prepared statements (postgres)', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb('postgres');
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  const preparedOnThisConnection = sql<{ statement: string }>`
    select statement from pg_prepared_statements where statement like '%prepared-statements.test%'`;

  it('prepares a marked statement once per connection and runs it with new values', async () => {
    const statements = await testDb.db.transact(async (trx) => {
      const sums: number[] = [];
      for (const n of [1, 2, 3]) {
        const result = await sql<{ sum: number }>`${sql.raw(PREPARED)}
          select ${n}::integer + 1 as sum /* prepared-statements.test marked */`.execute(trx);
        sums.push(result.rows[0]!.sum);
      }
      expect(sums).toEqual([2, 3, 4]);
      return (await preparedOnThisConnection.execute(trx)).rows;
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]!.statement).toContain('prepared-statements.test marked');
  });

  it('leaves an unmarked statement unnamed', async () => {
    const statements = await testDb.db.transact(async (trx) => {
      await sql`select ${5}::integer /* prepared-statements.test unmarked */`.execute(trx);
      return (await preparedOnThisConnection.execute(trx)).rows;
    });
    expect(statements.some((s) => s.statement.includes('unmarked'))).toBe(false);
  });

  describe('round trips saved by pipelining', () => {
    beforeAll(async () => {
      await sql`create table pipelined_probe (n integer primary key)`.execute(testDb.db.kysely);
    });
    const committed = async (): Promise<number[]> =>
      (
        await sql<{ n: number }>`select n from pipelined_probe order by n`.execute(testDb.db.kysely)
      ).rows.map((row) => row.n);

    it('runs a transaction’s first statement inside it, BEGIN sent along with it', async () => {
      const inTransaction = await testDb.db.transact(
        async (trx) =>
          (
            await sql<{ open: boolean }>`select xact_start is not null
              and xact_start <> statement_timestamp() as open
              from pg_stat_activity where pid = pg_backend_pid()`.execute(trx)
          ).rows[0]?.open,
      );
      // xact_start is the BEGIN's: before the statement's own start, not an implicit transaction.
      expect(inTransaction).toBe(true);
      await expect(
        testDb.db.transact(async (trx) => {
          await sql`insert into pipelined_probe (n) values (1)`.execute(trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await committed()).toEqual([]);
    });

    it('commits with the marked statement, before the transaction’s own commit', async () => {
      const seenFromOutside = await testDb.db.transact(async (trx) => {
        await sql`${sql.raw(PREPARED_THEN_COMMIT)}insert into pipelined_probe (n) values (${2})`.execute(
          trx,
        );
        // Another connection already sees the row: the COMMIT went right behind the insert.
        for (let i = 0; i < 50; i += 1) {
          const rows = await committed();
          if (rows.includes(2)) return rows;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return committed();
      });
      expect(seenFromOutside).toEqual([2]);
    });

    it('rolls back when the marked statement fails, and refuses statements after it', async () => {
      await expect(
        testDb.db.transact(async (trx) => {
          await sql`insert into pipelined_probe (n) values (3)`.execute(trx);
          // 2 is taken: the statement fails and the COMMIT behind it rolls back.
          await sql`${sql.raw(PREPARED_THEN_COMMIT)}insert into pipelined_probe (n) values (${2})`.execute(
            trx,
          );
        }),
      ).rejects.toThrow(/pipelined_probe_pkey/);
      expect(await committed()).toEqual([2]);
      await expect(
        testDb.db.transact(async (trx) => {
          await sql`${sql.raw(PREPARED_THEN_COMMIT)}insert into pipelined_probe (n) values (${4})`.execute(
            trx,
          );
          await sql`insert into pipelined_probe (n) values (5)`.execute(trx);
        }),
      ).rejects.toThrow(/a statement after the one that commits its transaction/);
      // 4 committed with its statement; 5 was never sent.
      expect(await committed()).toEqual([2, 4]);
    });
  });
});
