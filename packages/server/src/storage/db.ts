import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { startCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from './checkpointer';
import { poolWithPreparedStatements } from './prepared-statements';
import type { Database } from './database';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The storage handle every repository receives. Reads and writes are kept
 * apart (`read`, `transact`) as in atproto's PDS, so that a write always runs
 * in one transaction and nothing partial is ever committed.
 */
export interface Db {
  /** Read by storesOf (stores.ts) and the migrations only: features never branch on it. */
  readonly dialect: DialectName;
  readonly kysely: Kysely<Database>;
  read<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  transact<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * SQLite only (undefined on PostgreSQL): statements run straight on the one
   * connection, for hot paths where Kysely's building, compiling and async
   * executor cost more than SQLite's work. Only inside `transact`, whose
   * transaction holds the connection: the statements run in it. Used by
   * storage/sqlite/ only: features reach it through storesOf (stores.ts).
   */
  readonly direct?: DirectSql;
  close(): Promise<void>;
}

/** Parameters bound by position (`?`). */
export type SqlParams = readonly (string | number | bigint | Buffer | null)[];

export interface DirectSql {
  /** The first row (a statement that returns rows, e.g. with `returning`), as SQLite gives it. */
  get(text: string, params: SqlParams): unknown;
  all(text: string, params: SqlParams): unknown[];
  /** Rows as arrays of the selected columns: cheaper than objects for many rows. */
  rows(text: string, params: SqlParams): unknown[][];
  /** A statement that returns no rows. */
  run(text: string, params: SqlParams): void;
  /**
   * What the one writer remembers of its own writes between transactions (the
   * delta log's user heads), so that hot paths need not read it back. Emptied
   * whenever a transaction fails: its writes were undone.
   */
  readonly memo: Map<string, unknown>;
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
  /**
   * Told of a PostgreSQL connection that failed outside a query (the server restarted,
   * the network dropped it). The pool drops that connection and opens a new one on
   * demand; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
}

/** A PostgreSQL connection attempt gives up after this long (then /readyz says 503). */
const PG_CONNECT_TIMEOUT_MS = 5000;

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
  // Hot pages stay in memory: 64 MiB page cache and memory-mapped reads.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  // A file's WAL is checkpointed off the event loop (checkpointer.ts).
  const checkpointer =
    file === ':memory:'
      ? undefined
      : startCheckpointer(path, CHECKPOINT_INTERVAL_MS, (message) => {
          process.emitWarning(`SQLite checkpoint thread: ${message}`, 'SqliteCheckpointWarning');
        });
  if (checkpointer !== undefined) {
    sqlite.pragma(`wal_autocheckpoint = ${String(WRITER_AUTOCHECKPOINT_PAGES)}`);
  }
  const prepare = statementCache(sqlite);
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: { close: () => sqlite.close(), prepare } }),
  });
  const direct: DirectSql = {
    get: (text, params) => prepare(text).get(...params),
    all: (text, params) => prepare(text).all(...params),
    rows: (text, params) => {
      // Raw mode is a statement's state: set for this run only (the cache shares statements).
      const statement = prepare(text).raw(true);
      try {
        return statement.all(...params) as unknown[][];
      } finally {
        statement.raw(false);
      }
    },
    run: (text, params) => {
      prepare(text).run(...params);
    },
    memo: new Map(),
  };
  const forget = (error: unknown): never => {
    direct.memo.clear();
    throw error;
  };
  const db: Omit<Db, 'direct'> = {
    ...wrap('sqlite', kysely),
    // Forgotten inside the callback, while the transaction still holds the
    // connection (no other transaction can read the memo first), and again
    // when the commit itself failed.
    transact: (fn) =>
      kysely
        .transaction()
        .execute((trx) => fn(trx).catch(forget))
        .catch(forget),
  };
  return {
    ...db,
    direct,
    close: async () => {
      await checkpointer?.stop();
      await db.close();
    },
  };
}

const CHECKPOINT_INTERVAL_MS = 100;

/** Most distinct SQL texts kept prepared; the app issues far fewer shapes than this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running most of
 * ours. Statements are reused by SQL text (Kysely holds the one connection
 * for a query's whole run, so a statement is never used twice at once).
 */
function statementCache(
  sqlite: SqliteDatabase.Database,
): (text: string) => SqliteDatabase.Statement {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return (text) => {
    let statement = cache.get(text);
    if (statement) {
      // Refresh its place: the map's order is least recently used first.
      cache.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    cache.set(text, statement);
    return statement;
  };
}

function openPostgres(url: string, options: OpenDbOptions): Db {
  // Pipelining lets a transaction's BEGIN and COMMIT travel with its statements (prepared-statements.ts).
  const poolConfig: pg.PoolConfig = {
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    pipeline: true,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    // Finds a connection whose peer vanished without a FIN (a failover, a cut link).
    keepAlive: true,
  };
  const settings = [
    // Only the named statements (PREPARED) are cached; their text never varies with the
    // number of rows (they bind arrays), so one generic plan fits every run. PostgreSQL's
    // `auto` kept planning them anew: a third of its CPU in a send batch at a fixed rate.
    '-c plan_cache_mode=force_generic_plan',
  ];
  if (options.pgSchema) settings.push(`-c search_path=${options.pgSchema},public`);
  poolConfig.options = settings.join(' ');
  const pool = new pg.Pool(poolConfig);
  const onError = options.onConnectionError ?? (() => undefined);
  // Idle connections' errors reach the pool; a checked-out one's reach only its client.
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: poolWithPreparedStatements(pool) }),
  });
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
