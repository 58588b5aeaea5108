/**
 * The imported database, cached per network shape (argon2 hashing makes an
 * import of 10,000 people take minutes), and a fresh copy of it for each run
 * so that the messages a run sends never pile up in the cache.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { createSession } from '../../../packages/server/src/features/accounts/session-repo';
import { importNetwork } from '../../../packages/server/src/features/network/import';
import { openDb, type Db, type DialectName } from '../../../packages/server/src/storage/db';
import { migrateToLatest } from '../../../packages/server/src/storage/migrate';
import { progressLine } from '../progress';
import { generateDeliveryNetwork, personId, type DeliveryNetworkShape } from './network';

export const OUT_DIR = new URL('../../out/', import.meta.url).pathname;
const SQLITE_FILE = 'messenger.db';
const RUN_DATABASE = 'bench_delivery_run';

export const shapeKey = (s: DeliveryNetworkShape): string =>
  `n${s.people}-g${s.groupSize}-h${s.historyPerGroup}-r${s.resumeUsers}x${s.resumeThreads}`;

/** Where a server of this run finds its database. */
export interface RunDatabase {
  dialect: DialectName;
  /** SQLite: DATA_DIR of the server (the file is messenger.db in it). */
  dataDir: string;
  /** PostgreSQL: DATABASE_URL of the server. */
  databaseUrl: string | undefined;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function importInto(db: Db, shape: DeliveryNetworkShape, label: string): Promise<void> {
  await migrateToLatest(db);
  const started = performance.now();
  await importNetwork(db, generateDeliveryNetwork(shape), {
    now: Date.UTC(2026, 10, 1),
    onProgress: (p) => {
      progressLine(`import ${label} ${p.phase}`, p.done, p.total);
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  console.log(`imported ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export async function adminQuery(url: string, statements: string[]): Promise<unknown[][]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: unknown[][] = [];
    for (const statement of statements) rows.push((await client.query(statement)).rows);
    return rows;
  } finally {
    await client.end();
  }
}

/** SQLite: the cached file, imported once, copied into a fresh run directory. */
async function prepareSqlite(shape: DeliveryNetworkShape): Promise<RunDatabase> {
  const cacheDir = `${OUT_DIR}delivery-cache/sqlite-${shapeKey(shape)}/`;
  const marker = `${cacheDir}complete`;
  if (existsSync(marker)) {
    console.log(`sqlite: reusing the imported network in ${cacheDir} (delete it to re-import)`);
  } else {
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    const db = openDb({ dataDir: cacheDir, sqliteFile: SQLITE_FILE });
    await importInto(db, shape, 'sqlite');
    await db.close(); // the last connection's close checkpoints the WAL into the file
    writeFileSync(marker, new Date().toISOString());
  }
  const runDir = `${OUT_DIR}delivery-run/sqlite/`;
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  copyFileSync(`${cacheDir}${SQLITE_FILE}`, `${runDir}${SQLITE_FILE}`);
  return { dialect: 'sqlite', dataDir: runDir, databaseUrl: undefined };
}

/** PostgreSQL: a database per shape, imported once, cloned as a template for each run. */
async function preparePostgres(
  shape: DeliveryNetworkShape,
  adminUrl: string,
): Promise<RunDatabase> {
  const cached = `bench_delivery_${shapeKey(shape).replace(/[^a-z0-9]/g, '_')}`;
  const [found] = await adminQuery(adminUrl, [
    `select 1 from pg_database where datname = '${cached}'`,
  ]);
  if (found !== undefined && found.length > 0) {
    console.log(
      `postgres: reusing the imported network in database ${cached} (drop it to re-import)`,
    );
  } else {
    const building = `${cached}_building`;
    await adminQuery(adminUrl, [
      `drop database if exists ${building}`,
      `create database ${building}`,
    ]);
    const db = openDb({ dataDir: OUT_DIR, databaseUrl: withDatabase(adminUrl, building) });
    await importInto(db, shape, 'postgres');
    // Planner statistics travel with the template. Without them (a machine whose
    // autovacuum is off, or has not come round yet) every plan guesses table sizes.
    await sql`analyze`.execute(db.kysely);
    await db.close();
    // Renamed only when complete: an interrupted import is never reused.
    await adminQuery(adminUrl, [`alter database ${building} rename to ${cached}`]);
  }
  await adminQuery(adminUrl, [
    `drop database if exists ${RUN_DATABASE} with (force)`,
    `create database ${RUN_DATABASE} template ${cached}`,
  ]);
  return {
    dialect: 'postgres',
    dataDir: `${OUT_DIR}delivery-run/postgres/`,
    databaseUrl: withDatabase(adminUrl, RUN_DATABASE),
  };
}

export function prepareDatabase(
  dialect: DialectName,
  shape: DeliveryNetworkShape,
  adminUrl: string,
): Promise<RunDatabase> {
  return dialect === 'sqlite' ? prepareSqlite(shape) : preparePostgres(shape, adminUrl);
}

export interface BenchSession {
  personIndex: number;
  cookie: string;
  csrf: string;
}

/**
 * Sessions through the accounts module's own createSession (the row a login
 * writes), before the server starts: logging 10,000 people in over HTTP would
 * spend minutes in argon2 verification, which the import benchmark already measures.
 */
export async function createSessions(
  run: RunDatabase,
  indexes: readonly number[],
): Promise<BenchSession[]> {
  const db =
    run.dialect === 'sqlite'
      ? openDb({ dataDir: run.dataDir, sqliteFile: SQLITE_FILE })
      : openDb({ dataDir: run.dataDir, databaseUrl: run.databaseUrl, pgPoolSize: 8 });
  const sessions: BenchSession[] = new Array<BenchSession>(indexes.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const slot = next++;
      const personIndex = indexes[slot];
      if (personIndex === undefined) return;
      const session = await createSession(db, personId(personIndex), Date.now());
      sessions[slot] = {
        personIndex,
        cookie: `msgr_session=${session.secret}`,
        csrf: session.csrfToken,
      };
      done++;
      if (done % 500 === 0 || done === indexes.length)
        progressLine(`${run.dialect} sessions`, done, indexes.length);
    }
  };
  await Promise.all(Array.from({ length: run.dialect === 'sqlite' ? 1 : 8 }, worker));
  if (process.stderr.isTTY) process.stderr.write('\n');
  await db.close();
  return sessions;
}
