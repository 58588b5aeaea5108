import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { systemClock, type AppContext } from '../../../src/context';
import type { SyncBus } from '../../../src/features/sync/bus';
import type { SyncOptions } from '../../../src/features/sync/options';
import { syncRuntimeOf, type SyncRuntime } from '../../../src/features/sync/plugin';
import { createLogger } from '../../../src/logger';
import type { Db, DialectName } from '../../../src/storage/db';
import { PASSWORD } from '../../support/people';
import { LIFTED_LOGIN_LIMITS, login, type Session } from '../../support/session';
import { createTestDb } from '../../support/test-db';
import { SyncClient } from './socket';
import { seedWorld, username, type PersonName } from './world';

export interface LiveApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  /** ws://127.0.0.1:<port>/sync */
  syncUrl: string;
  runtime: SyncRuntime;
  /** Logs a person of the world in (cached per name). */
  session(name: PersonName): Promise<Session>;
  /** A /sync socket with that person's session cookie. */
  socket(name: PersonName, headers?: Record<string, string>): Promise<SyncClient>;
  dispose(): Promise<void>;
}

export interface LiveAppOptions {
  sync?: Partial<SyncOptions>;
  bus?: SyncBus;
  /** Shares another app's database (a second node). */
  db?: Db;
  /** More settings (e.g. DATA_DIR for attachment blobs). */
  env?: Record<string, string>;
  /** Instead of the silent logger (tests that read what is logged). */
  logger?: AppContext['logger'];
  /** A port chosen beforehand (an identity provider registered this app's URLs); 0: any. */
  port?: number;
}

/** The app listening on a free port over a fresh database seeded with the world. */
export async function startLiveApp(
  dialect: DialectName,
  options: LiveAppOptions = {},
): Promise<LiveApp> {
  const testDb = options.db === undefined ? await createTestDb(dialect) : null;
  const db = options.db ?? testDb?.db;
  if (db === undefined) throw new Error('no database');
  if (testDb !== null) await seedWorld(db);
  const ctx: AppContext = {
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...LIFTED_LOGIN_LIMITS,
      ...options.env,
    }),
    db,
    logger: options.logger ?? createLogger('silent'),
    clock: systemClock,
    ...(options.sync === undefined ? {} : { sync: options.sync }),
    ...(options.bus === undefined ? {} : { bus: options.bus }),
  };
  const app = await buildApp(ctx);
  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const runtime = syncRuntimeOf(ctx);
  if (runtime === undefined) throw new Error('sync is not registered');
  const sessions = new Map<PersonName, Promise<Session>>();
  const sockets: SyncClient[] = [];
  const session = (name: PersonName): Promise<Session> => {
    let pending = sessions.get(name);
    if (pending === undefined) {
      pending = login(app, username(name), PASSWORD);
      sessions.set(name, pending);
    }
    return pending;
  };
  const syncUrl = `${address.replace('http://', 'ws://')}/sync`;
  return {
    app,
    ctx,
    db,
    syncUrl,
    runtime,
    session,
    socket: async (name, headers = {}) => {
      const s = await session(name);
      const client = await SyncClient.connect(syncUrl, { cookie: s.cookie, ...headers });
      sockets.push(client);
      return client;
    },
    dispose: async () => {
      await app.close();
      for (const client of sockets) client.ws.terminate();
      await testDb?.dispose();
    },
  };
}
