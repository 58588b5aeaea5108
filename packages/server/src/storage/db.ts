import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The storage handle every repository receives. Reads and writes are kept
 * apart (`read`, `transact`) as in atproto's PDS, so that a write always runs
 * in one transaction and nothing partial is ever committed.
 */
export interface Db {
  readonly dialect: DialectName;
  readonly kysely: Kysely<Database>;
  read<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  transact<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir (default messenger.db); ':memory:' for throwaway. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
  pgPoolSize?: number;
}

// int8 columns (timestamps in ms, counts) come back as numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDb(options: OpenDbOptions): Db {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(options);
}

function openSqlite(options: OpenDbOptions): Db {
  const file = options.sqliteFile ?? 'messenger.db';
  let path = file;
  if (file !== ':memory:') {
    mkdirSync(options.dataDir, { recursive: true });
    path = join(options.dataDir, file);
  }
  const sqlite = new SqliteDatabase(path);
  // WAL with synchronous=NORMAL: a committed transaction survives a crash of the
  // process (kill -9); only an OS crash can lose the last commits.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return wrap('sqlite', kysely);
}

function openPostgres(url: string, options: OpenDbOptions): Db {
  const poolConfig: pg.PoolConfig = { connectionString: url, max: options.pgPoolSize ?? 10 };
  if (options.pgSchema) poolConfig.options = `-c search_path=${options.pgSchema},public`;
  const pool = new pg.Pool(poolConfig);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return wrap('postgres', kysely);
}

function wrap(dialect: DialectName, kysely: Kysely<Database>): Db {
  return {
    dialect,
    kysely,
    read: (fn) => fn(kysely),
    transact: (fn) => kysely.transaction().execute(fn),
    close: () => kysely.destroy(),
  };
}
