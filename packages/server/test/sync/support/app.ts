import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import type { AppContext } from '../../../src/context';
import type { SyncBus } from '../../../src/features/sync/bus';
import type { SyncOptions } from '../../../src/features/sync/options';
import type { Runtime } from '../../../src/runtime';
import type { SyncRuntime } from '../../../src/runtime-sync';
import type { Db, DialectName } from '../../../src/storage/db';
import { PASSWORD } from '../../support/people';
import { LIFTED_LOGIN_LIMITS, login, type Session } from '../../support/session';
import { createTestRuntime } from '../../support/runtime';
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
  /** The node's whole runtime (createRuntime). */
  node: Runtime;
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
  const node = await createTestRuntime(
    db,
    { ...LIFTED_LOGIN_LIMITS, ...options.env },
    {
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.sync === undefined ? {} : { sync: options.sync }),
      ...(options.bus === undefined ? {} : { bus: options.bus }),
    },
  );
  const { ctx } = node;
  const app = await buildApp(node);
  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const runtime = node.sync;
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
    node,
    session,
    socket: async (name, headers = {}) => {
      const s = await session(name);
      const client = await SyncClient.connect(syncUrl, { cookie: s.cookie, ...headers });
      sockets.push(client);
      return client;
    },
    dispose: async () => {
      await app.close();
      await node.close();
      for (const client of sockets) client.ws.terminate();
      await testDb?.dispose();
    },
  };
}
