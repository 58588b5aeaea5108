import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db, type DialectName } from '../../src/storage/db';
import { migrateToLatest, migrateUpTo } from '../../src/storage/migrate';

/** The CI PostgreSQL (trust auth); override with TEST_DATABASE_URL. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let postgresReachable: boolean | undefined;

/** Probes PostgreSQL once; says loudly when the PostgreSQL runs will be skipped. */
export async function isPostgresReachable(): Promise<boolean> {
  if (postgresReachable !== undefined) return postgresReachable;
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    postgresReachable = true;
  } catch (error) {
    postgresReachable = false;
    console.warn(
      `\n!!! PostgreSQL at ${TEST_DATABASE_URL} is unreachable (${String(error)}):\n` +
        '!!! the PostgreSQL runs of the storage suites are SKIPPED.\n',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  return postgresReachable;
}

/** The advisory lock between migrating a test schema and dropping one (any number of the first, or one drop). */
const SCHEMA_DROP_LOCK = 7_310_032;

export interface TestDb {
  db: Db;
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database of its own: a temp SQLite file or a fresh
 * PostgreSQL schema. `upTo` stops after that migration (tests of the next one).
 */
export async function createTestDb(dialect: DialectName, upTo?: string): Promise<TestDb> {
  const migrateDb = (db: Db): Promise<void> =>
    upTo === undefined ? migrateToLatest(db) : migrateUpTo(db, upTo);
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'messenger-test-'));
    const db = openDb({ dataDir: dir });
    await migrateDb(db);
    return {
      db,
      dispose: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openDb({
    dataDir: '.',
    databaseUrl: TEST_DATABASE_URL,
    pgSchema: schema,
    pgPoolSize: 4,
  });
  try {
    // Kysely's migrator looks at the tables of every schema of the database; a
    // schema another test drops meanwhile fails that look ("schema t_… does not
    // exist"). Migrations share this lock, a drop takes it alone.
    await admin.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
    await migrateDb(db);
  } finally {
    await admin.end();
  }
  return {
    db,
    dispose: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      try {
        await cleanup.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
        await cleanup.query(`drop schema ${schema} cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** The dialects a storage suite runs on: SQLite always, PostgreSQL when reachable. */
export async function dialectsUnderTest(): Promise<DialectName[]> {
  return (await isPostgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}
