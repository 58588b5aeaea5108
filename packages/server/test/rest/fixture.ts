import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DialectName } from '../../src/storage/db';
import { MATRIX, seedMatrix, setNetworkSetting, type MatrixName } from '../support/people';
import { asSession, createTestApp, login, type Session, type TestApp } from '../support/session';

export type LoggedIn = Exclude<MatrixName, 'memorialized'>;

export interface RestFixture extends TestApp {
  sessions: Record<LoggedIn, Session>;
}

/** An app on its own database with every matrix viewer logged in once. */
export async function createRestFixture(
  dialect: DialectName,
  options: { allowExternalBugReports?: boolean; env?: Record<string, string> } = {},
): Promise<RestFixture> {
  const t = await createTestApp(dialect, options.env ?? {}, async (db) => {
    await seedMatrix(db);
    await setNetworkSetting(
      db,
      'allow_external_bug_reports',
      options.allowExternalBugReports ?? true,
    );
  });
  const names = Object.keys(MATRIX).filter((n): n is LoggedIn => n !== 'memorialized');
  const sessions = {} as Record<LoggedIn, Session>;
  for (const name of names) {
    sessions[name] = await login(t.app, MATRIX[name].username, MATRIX[name].password);
  }
  return { ...t, sessions };
}

export function post(
  f: RestFixture,
  who: LoggedIn | null,
  url: string,
  payload: NonNullable<InjectOptions['payload']>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return asSession(f.app, who === null ? null : f.sessions[who], {
    method: 'POST',
    url,
    headers,
    payload,
  });
}

export function get(
  f: RestFixture,
  who: LoggedIn | null,
  url: string,
): Promise<LightMyRequestResponse> {
  return asSession(f.app, who === null ? null : f.sessions[who], { method: 'GET', url });
}

export interface StaffPage {
  items: Record<string, unknown>[];
  next_cursor: string | null;
}

/** What staff read back through GET /staff/logs/:kind. */
export async function staffRead(f: RestFixture, kind: string, query = ''): Promise<StaffPage> {
  const response = await get(f, 'employee', `/staff/logs/${kind}${query}`);
  if (response.statusCode !== 200) {
    throw new Error(`staff read failed: ${String(response.statusCode)} ${response.body}`);
  }
  return response.json<StaffPage>();
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  field?: string;
  message: string;
} {
  return response.json<{ error: { code: string; field?: string; message: string } }>().error;
}
