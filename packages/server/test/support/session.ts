import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DialectName, Db } from '../../src/storage/db';
import { createRuntimeApp } from './runtime';
import { createTestDb } from './test-db';

/** A clock the test moves by hand (session expiry and sliding). */
export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2024, 0, 15, 12)): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  dispose(): Promise<void>;
}

/**
 * Suites log many people in from one injected address within a minute: the
 * per-address and per-username login limits are lifted (login-limits.test.ts sets its own).
 */
export const LIFTED_LOGIN_LIMITS = {
  LOGIN_ADDRESS_RATE_LIMIT: '100000',
  LOGIN_USERNAME_RATE_LIMIT: '100000',
} as const;

/** A real app on a migrated throwaway database of the given dialect. */
export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  seed: (db: Db) => Promise<void> = () => Promise.resolve(),
): Promise<TestApp> {
  const testDb = await createTestDb(dialect);
  await seed(testDb.db);
  const clock = manualClock();
  const node = await createRuntimeApp(testDb.db, { ...LIFTED_LOGIN_LIMITS, ...env }, { clock });
  const { app } = node;
  return {
    app,
    db: testDb.db,
    clock,
    dispose: async () => {
      await node.close();
      await testDb.dispose();
    },
  };
}

/** A logged-in browser: the session cookie and the CSRF token it was given. */
export interface Session {
  cookie: string;
  csrf: string;
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === 'msgr_session')?.value;
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login of ${username} failed: ${String(response.statusCode)} ${response.body}`);
  }
  const secret = sessionCookieOf(response);
  if (secret === undefined) throw new Error('login set no session cookie');
  const body = response.json<{ csrf_token: string }>();
  return { cookie: `msgr_session=${secret}`, csrf: body.csrf_token };
}

/** Injects as the session's browser would: cookie always, CSRF header on state changes. */
export function asSession(
  app: FastifyInstance,
  session: Session | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.headers ?? {})) {
    if (typeof value === 'string') headers[key] = value;
  }
  if (session !== null) {
    headers.cookie = session.cookie;
    if (options.method !== undefined && options.method !== 'GET') {
      headers['x-csrf-token'] ??= session.csrf;
    }
  }
  return app.inject({ ...options, headers });
}

/** A body posted as an HTML form would post it. */
export function formBody(fields: Record<string, string | string[]>): {
  payload: string;
  headers: Record<string, string>;
} {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return {
    payload: params.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export async function countRows(
  db: Db,
  table:
    | 'promotion_logs'
    | 'group_purposes'
    | 'bug_reports'
    | 'nux_states'
    | 'funnel_logs'
    | 'funnel_batches'
    | 'person_settings'
    | 'sessions',
): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
