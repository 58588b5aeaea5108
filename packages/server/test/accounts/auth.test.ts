import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REFRESH_AFTER_MS, SESSION_TTL_MS } from '../../src/features/accounts/session-repo';
import { MATRIX, PASSWORD, seedMatrix } from '../support/people';
import {
  asSession,
  countRows,
  createTestApp,
  login,
  sessionCookieOf,
  type TestApp,
} from '../support/session';
import { dialectsUnderTest } from '../support/test-db';

const dialects = await dialectsUnderTest();

const postLogin = (t: TestApp, username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });

describe.each(dialects)('auth on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, seedMatrix);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('logs in with the right password: viewer, CSRF token and an HttpOnly SameSite cookie', async () => {
    const response = await postLogin(t, MATRIX.employeeWork.username, PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ viewer: Record<string, unknown>; csrf_token: string }>();
    expect(body.viewer).toEqual({
      id: MATRIX.employeeWork.id,
      name: 'Person 7006',
      short_name: 'Person',
      username: MATRIX.employeeWork.username,
      account: 'work',
      company_id: '91',
      company_prefix: 'acme',
      is_employee: true,
      is_work: true,
      gates: ['external_bug_report'],
    });
    expect(body.csrf_token).toMatch(/^[\w-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'msgr_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.maxAge).toBe(SESSION_TTL_MS / 1000);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores only the SHA-256 of the cookie secret', async () => {
    const response = await postLogin(t, MATRIX.ordinary.username, PASSWORD);
    const secret = sessionCookieOf(response) ?? '';
    const rows = await t.db.kysely.selectFrom('sessions').selectAll().execute();
    expect(rows.some((r) => r.id_hash === secret)).toBe(false);
    const hashed = createHash('sha256').update(secret).digest('hex');
    expect(rows.find((r) => r.id_hash === hashed)?.person_id).toBe(MATRIX.ordinary.id);
  });

  it('answers a wrong password and an unknown user alike: 401 invalid_credentials', async () => {
    const wrong = await postLogin(t, MATRIX.work.username, 'not the password');
    const unknown = await postLogin(t, 'nobody.at.all', PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Wrong username or password.' },
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('refuses memorialized accounts like unknown ones', async () => {
    const response = await postLogin(t, MATRIX.memorialized.username, PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('invalid_credentials');
  });

  it('names the missing field of a bad login body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: MATRIX.work.username },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request', field: 'password' } });
  });

  it('answers malformed JSON with 400 bad_request naming the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'bad_request', field: 'body' } });
  });

  it('takes the login only as JSON (a cross-site form cannot post it)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': type },
        payload: `username=${MATRIX.work.username}&password=${encodeURIComponent(PASSWORD)}`,
      });
      expect(response.statusCode).toBe(415);
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('answers GET /auth/session with the viewer and token, or 401 unauthenticated', async () => {
    const session = await login(t.app, MATRIX.work.username, PASSWORD);
    const ok = await asSession(t.app, session, { method: 'GET', url: '/auth/session' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      viewer: { id: MATRIX.work.id, is_work: true, is_employee: false },
      csrf_token: session.csrf,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/session' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { cookie: 'msgr_session=not-a-session' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("leaves the built client's hashed files out of session handling", async () => {
    const stale = { cookie: 'msgr_session=not-a-session' };
    // Any other path looks the cookie up and clears a dead one...
    const page = await t.app.inject({ method: 'GET', url: '/healthz', headers: stale });
    expect(page.cookies.find((c) => c.name === 'msgr_session')?.value).toBe('');
    // ...a hashed asset never consults the session at all.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/x.js', headers: stale });
    expect(asset.cookies.find((c) => c.name === 'msgr_session')).toBeUndefined();
  });

  it('logout kills the session and clears the cookie', async () => {
    const session = await login(t.app, MATRIX.coworker.username, PASSWORD);
    const before = await countRows(t.db, 'sessions');
    const out = await asSession(t.app, session, { method: 'POST', url: '/auth/logout' });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'msgr_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await countRows(t.db, 'sessions')).toBe(before - 1);
    const after = await asSession(t.app, session, { method: 'GET', url: '/auth/session' });
    expect(after.statusCode).toBe(401);
  });

  it('logout without the CSRF token is refused and the session lives on', async () => {
    const session = await login(t.app, MATRIX.coworker.username, PASSWORD);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({ error: { code: 'csrf' } });
    const still = await asSession(t.app, session, { method: 'GET', url: '/auth/session' });
    expect(still.statusCode).toBe(200);
  });

  it('replaces the session on a new login from the same browser', async () => {
    const first = await login(t.app, MATRIX.outsider.username, PASSWORD);
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { cookie: first.cookie },
      payload: { username: MATRIX.outsider.username, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect(sessionCookieOf(again)).not.toBe(first.cookie.split('=')[1]);
    const old = await asSession(t.app, first, { method: 'GET', url: '/auth/session' });
    expect(old.statusCode).toBe(401);
  });

  it('slides the expiry forward on use and ends an idle session after 30 days', async () => {
    const session = await login(t.app, MATRIX.reporter.username, PASSWORD);
    t.clock.advance(SESSION_REFRESH_AFTER_MS + 1);
    const used = await asSession(t.app, session, { method: 'GET', url: '/auth/session' });
    expect(used.statusCode).toBe(200);
    // The refreshed cookie carries a full lifetime again.
    expect(used.cookies.find((c) => c.name === 'msgr_session')?.maxAge).toBe(SESSION_TTL_MS / 1000);
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect(
      (await asSession(t.app, session, { method: 'GET', url: '/auth/session' })).statusCode,
    ).toBe(200);
    t.clock.advance(SESSION_TTL_MS + 1);
    const expired = await asSession(t.app, session, { method: 'GET', url: '/auth/session' });
    expect(expired.statusCode).toBe(401);
  });
});

describe('auth cookie in production', () => {
  it('is Secure', async () => {
    const t = await createTestApp('sqlite', { NODE_ENV: 'production' }, seedMatrix);
    try {
      const response = await postLogin(t, MATRIX.ordinary.username, PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'msgr_session')?.secure).toBe(true);
    } finally {
      await t.dispose();
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 on the 11th attempt in a minute for one address and username', async () => {
    const t = await createTestApp('sqlite', {}, seedMatrix);
    try {
      for (let i = 0; i < 10; i++) {
        const response = await postLogin(t, MATRIX.work.username, `wrong ${String(i)}`);
        expect(response.statusCode).toBe(401);
      }
      const eleventh = await postLogin(t, MATRIX.work.username, PASSWORD);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(sessionCookieOf(eleventh)).toBeUndefined();
      // Another username from the same address is not locked out.
      expect((await postLogin(t, MATRIX.coworker.username, PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.dispose();
    }
  });

  it('follows LOGIN_RATE_LIMIT', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT: '2' }, seedMatrix);
    try {
      expect((await postLogin(t, MATRIX.work.username, 'x')).statusCode).toBe(401);
      expect((await postLogin(t, MATRIX.work.username, 'y')).statusCode).toBe(401);
      expect((await postLogin(t, MATRIX.work.username, PASSWORD)).statusCode).toBe(429);
    } finally {
      await t.dispose();
    }
  });
});
