import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED } from '../../src/storage/prepared-statements';
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
});
