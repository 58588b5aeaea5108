import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX, PASSWORD, seedMatrix } from '../support/people';
import { countRows, createTestApp, login, type Session, type TestApp } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';

const dialects = await dialectsUnderTest();

const promotion = { qp_id: 42, qp_action: 'view' };

describe.each(dialects)('CSRF protection on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  let laterRouteHits = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, seedMatrix);
    // A route another feature registers after accounts (as GraphQL does) is guarded too.
    t.app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/late/feature',
      handler: () => {
        laterRouteHits += 1;
        return { ok: true };
      },
    });
    t.app.post('/admin/test-token-route', () => ({ ok: true }));
    session = await login(t.app, MATRIX.ordinary.username, PASSWORD);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('refuses a logged-in POST without the token: 403 csrf, nothing written', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/qp/action/log/',
      headers: { cookie: session.cookie },
      payload: promotion,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'csrf', message: 'Missing or invalid CSRF token.' },
    });
    expect(await countRows(t.db, 'promotion_logs')).toBe(0);
  });

  it('refuses a wrong token, and the token of another session', async () => {
    const other = await login(t.app, MATRIX.work.username, PASSWORD);
    for (const token of ['wrong', session.csrf.slice(1), other.csrf]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/qp/action/log/',
        headers: { cookie: session.cookie, 'x-csrf-token': token },
        payload: promotion,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await countRows(t.db, 'promotion_logs')).toBe(0);
  });

  it('accepts the session token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/qp/action/log/',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      payload: promotion,
    });
    expect(response.statusCode).toBe(200);
    expect(await countRows(t.db, 'promotion_logs')).toBe(1);
  });

  it('covers every state-changing method of routes added later', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const hitsBefore = laterRouteHits;
      const refused = await t.app.inject({
        method,
        url: '/late/feature',
        headers: { cookie: session.cookie },
      });
      expect(refused.statusCode).toBe(403);
      expect(laterRouteHits).toBe(hitsBefore);
      const allowed = await t.app.inject({
        method,
        url: '/late/feature',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
      });
      expect(allowed.statusCode).toBe(200);
      expect(laterRouteHits).toBe(hitsBefore + 1);
    }
  });

  it('leaves reads alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/late/feature',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
  });

  it('exempts the admin token routes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/test-token-route',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
  });
});
