import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { importNetwork } from '../../src/features/network/import';
import type { AppContext } from '../../src/context';
import { createRuntimeApp } from '../support/runtime';
import type { Db, DialectName } from '../../src/storage/db';
import {
  asSession,
  LIFTED_LOGIN_LIMITS,
  login,
  manualClock,
  type Session,
} from '../support/session';
import { createTestDb } from '../support/test-db';

/** The shared example network (never relied on for names or ids beyond what the file itself says). */
export const EXAMPLE_NETWORK_PATH = new URL(
  '../../../../../shared/fixtures/example-network.json',
  import.meta.url,
);

export interface NetworkFile {
  format: string;
  people: Array<{ id: string; username: string; password: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export function readExampleNetwork(): NetworkFile {
  return JSON.parse(readFileSync(EXAMPLE_NETWORK_PATH, 'utf8')) as NetworkFile;
}

export async function loadNetwork(db: Db, network: unknown): Promise<void> {
  await importNetwork(db, network, { now: Date.UTC(2026, 10, 1) });
}

export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors: Array<{ message: string; extensions?: { code?: string; field?: string } }>;
}

/** Posts (or GETs) an operation as the session's browser would. */
export async function gql<T = Record<string, unknown>>(
  app: FastifyInstance,
  session: Session | null,
  query: string,
  variables: Record<string, unknown> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<GqlResponse<T>> {
  const response =
    method === 'POST'
      ? await asSession(app, session, {
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          payload: JSON.stringify({ query, variables }),
        })
      : await asSession(app, session, {
          method: 'GET',
          url: `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) }).toString()}`,
          headers: { accept: 'application/json' },
        });
  const body = response.json<{ data?: T | null; errors?: GqlResponse['errors'] }>();
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors ?? [] };
}

/** The data of a response that must have no errors. */
export async function gqlOk<T = Record<string, unknown>>(
  app: FastifyInstance,
  session: Session | null,
  query: string,
  variables: Record<string, unknown> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const result = await gql<T>(app, session, query, variables, method);
  if (result.errors.length > 0 || result.data === null) {
    throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  }
  return result.data;
}

/** The codes (and fields) of a response's errors. */
export function codesOf(result: GqlResponse<unknown>): Array<{ code: string; field?: string }> {
  return result.errors.map((e) => {
    const code = e.extensions?.code ?? 'none';
    const field = e.extensions?.field;
    return field === undefined ? { code } : { code, field };
  });
}

export { login, type Session };

/** Logs people in once per app and reuses their sessions (argon2 is slow on purpose). */
export function sessionCache(app: () => FastifyInstance) {
  const sessions = new Map<string, Promise<Session>>();
  return (username: string, password: string): Promise<Session> => {
    let session = sessions.get(username);
    if (session === undefined) {
      session = login(app(), username, password);
      sessions.set(username, session);
    }
    return session;
  };
}

export interface GraphTestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dispose(): Promise<void>;
}

/** A real app on a throwaway database holding `network`; the context is exposed (presence). */
export async function createNetworkApp(
  dialect: DialectName,
  network: unknown,
  env: Record<string, string> = {},
): Promise<GraphTestApp> {
  const testDb = await createTestDb(dialect);
  await loadNetwork(testDb.db, network);
  const node = await createRuntimeApp(
    testDb.db,
    { ...LIFTED_LOGIN_LIMITS, ...env },
    { clock: manualClock() },
  );
  const { app } = node;
  const { ctx } = node.runtime;
  return {
    app,
    ctx,
    dispose: async () => {
      await node.close();
      await testDb.dispose();
    },
  };
}
