import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/storage/db';
import { migrateToLatest, migrationLockKey } from '../../src/storage/migrate';
import { migrations } from '../../src/storage/migrations';
import { eventually } from '../sync/support/socket';
import { isPostgresReachable, TEST_DATABASE_URL } from '../support/test-db';

/*
 * Migrations run once across a cluster: nodes of one PostgreSQL schema that
 * start together take turns on an advisory lock; the first migrates, the
 * others find nothing to do.
 */
const ready = await isPostgresReachable();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!ready)('migrations across a cluster (PostgreSQL)', () => {
  const schemas: string[] = [];
  const dbs: Db[] = [];
  /** A fresh, empty schema and two "nodes" (pools) on it. */
  const freshSchema = async (): Promise<{ schema: string; nodeA: Db; nodeB: Db }> => {
    const schema = `m_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`create schema ${schema}`));
    schemas.push(schema);
    const node = () => {
      const db = openDb({
        dataDir: '.',
        databaseUrl: TEST_DATABASE_URL,
        pgSchema: schema,
        pgPoolSize: 2,
      });
      dbs.push(db);
      return db;
    };
    return { schema, nodeA: node(), nodeB: node() };
  };
  const applied = async (db: Db) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        db.kysely,
      )
    ).rows.map((row) => row.name);

  afterAll(async () => {
    await Promise.allSettled(dbs.map((db) => db.close()));
    await admin(async (client) => {
      for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
    });
  });

  it('two nodes migrating the same fresh schema at once apply each migration exactly once', async () => {
    const { nodeA, nodeB } = await freshSchema();
    await Promise.all([migrateToLatest(nodeA), migrateToLatest(nodeB)]);
    const names = await applied(nodeA);
    expect(names).toEqual(Object.keys(migrations).sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('a node waits while another holds the migration lock, then finds the schema migrated', async () => {
    const { schema, nodeA } = await freshSchema();
    const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(hashtext($1))', [migrationLockKey(schema)]);
      let finished = false;
      const migrating = migrateToLatest(nodeA).then(() => {
        finished = true;
      });
      // The node is queued on the lock (PostgreSQL says so), and has created nothing.
      await eventually(
        async () =>
          (
            await holder.query<{ n: string }>(
              // This lock's key only: other suites may wait on advisory locks of their own.
              `select count(*) as n from pg_locks
                 where locktype = 'advisory' and not granted
                   and objid::bigint = (hashtext($1)::bigint & 4294967295)`,
              [migrationLockKey(schema)],
            )
          ).rows[0]?.n,
        (waiting) => Number(waiting) >= 1,
        10_000,
      );
      const tables = await holder.query(
        'select 1 from information_schema.tables where table_schema = $1',
        [schema],
      );
      expect(tables.rowCount).toBe(0);
      expect(finished).toBe(false);
      await holder.query('select pg_advisory_unlock(hashtext($1))', [migrationLockKey(schema)]);
      await migrating;
      expect(await applied(nodeA)).toEqual(Object.keys(migrations).sort());
    } finally {
      await holder.end();
    }
  });
});
