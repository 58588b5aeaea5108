import { sql, type Transaction } from 'kysely';
import type { Database } from './database';
import type { Db } from './db';
import type { DeltaLog } from './delta-log';
import type { Locks } from './locks';
import { postgresDeltaLog } from './postgres/delta-log';
import { postgresLocks } from './postgres/locks';
import { postgresSearchIndex } from './postgres/search-index';
import { postgresSendStorage } from './postgres/send-store';
import type { SearchIndex } from './search-index';
import type { SendStorage } from './send-store';
import { sqliteDeltaLog } from './sqlite/delta-log';
import { sqliteLocks } from './sqlite/locks';
import { sqliteSearchIndex } from './sqlite/search-index';
import { sqliteSendStorage } from './sqlite/send-store';

/**
 * Everything whose SQL differs between SQLite and PostgreSQL, behind one
 * interface each, with one implementation per dialect under sqlite/ and
 * postgres/. The dialect is looked at here and in the migrations only:
 * features call these and never test `db.dialect`. (After tldraw's
 * TLSyncStorage: one interface, an implementation per backend.)
 */
export interface Stores {
  /** The send path's reads and writes (messaging/send-service.ts). */
  readonly send: SendStorage;
  /** Appends to the per-user delta log (sync/delta-log.ts). */
  readonly deltaLog: DeltaLog;
  /** The word indexes of people, pages, games and messages (search/). */
  readonly search: SearchIndex;
  readonly locks: Locks;
  /** A statement of `trx` that returns no rows (a savepoint); on SQLite straight on the connection. */
  run(trx: Transaction<Database>, text: string): Promise<void>;
  /** The database as OpenTelemetry names it (`db.system.name`). */
  readonly systemName: 'sqlite' | 'postgresql';
}

const opened = new WeakMap<Db, Stores>();

/** The stores of `db`'s dialect (made once per Db). */
export function storesOf(db: Db): Stores {
  let stores = opened.get(db);
  if (stores === undefined) {
    stores = openStores(db);
    opened.set(db, stores);
  }
  return stores;
}

function openStores(db: Db): Stores {
  if (db.dialect === 'postgres') {
    return {
      send: postgresSendStorage,
      deltaLog: postgresDeltaLog,
      search: postgresSearchIndex,
      locks: postgresLocks,
      run: async (trx, text) => {
        await sql.raw(text).execute(trx);
      },
      systemName: 'postgresql',
    };
  }
  const direct = db.direct;
  if (direct === undefined) throw new Error('a SQLite Db without its direct statements');
  return {
    send: sqliteSendStorage(direct),
    deltaLog: sqliteDeltaLog(direct),
    search: sqliteSearchIndex,
    locks: sqliteLocks,
    run: (_trx, text) => {
      direct.run(text, []);
      return Promise.resolve();
    },
    systemName: 'sqlite',
  };
}
