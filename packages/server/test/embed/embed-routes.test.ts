import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_SCRIPT } from '../../src/features/embed/kit-script';
import { MATRIX, PASSWORD, seedMatrix } from '../support/people';
import { createTestApp, type TestApp } from '../support/session';

/*
 * The embedding kit's server side (docs/embedding.md): the script, the frame
 * only for a listed parent, and the cookies a third-party frame can keep.
 */
const HOST = 'http://localhost:4002';
const OTHER = 'http://localhost:4003';

describe('the embedding kit with EMBED_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { EMBED_ORIGINS: HOST }, seedMatrix);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('serves the kit: small, JavaScript, loadable by other origins', async () => {
    const response = await t.app.inject({ url: '/embed/v1/kit.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(response.body).toBe(KIT_SCRIPT);
    expect(Buffer.byteLength(response.body)).toBeLessThan(8 * 1024);
    // It reads only its own frame, from the messenger's origin.
    expect(response.body).toContain('event.origin !== messengerOrigin');
    expect(response.body).toContain('event.source !== frame.contentWindow');
  });

  it('frames the client for a listed parent only, with frame-ancestors narrowed to it', async () => {
    const listed = await t.app.inject({ url: `/embed?parent=${encodeURIComponent(HOST)}` });
    // 503 when the web client is not built (CI runs this before the build): the headers hold.
    expect([200, 503]).toContain(listed.statusCode);
    const csp = String(listed.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${HOST};`);
    expect(csp).not.toContain("frame-ancestors 'self'");

    for (const parent of [OTHER, 'null', '']) {
      const refused = await t.app.inject({ url: `/embed?parent=${encodeURIComponent(parent)}` });
      expect(refused.statusCode, parent).toBe(403);
      expect(refused.body, parent).not.toContain('<script');
    }
    expect((await t.app.inject({ url: '/embed' })).statusCode).toBe(403);
  });

  it('the popup landing keeps its opener (no same-origin opener policy)', async () => {
    const response = await t.app.inject({ url: '/embed/signed-in' });
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it('sets the session cookie SameSite=None; Secure; Partitioned', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: MATRIX.ordinary.username, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const header = [response.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('msgr_session='));
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=None/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Partitioned/);
  });
});

describe('with EMBED_ORIGINS, over plain http to a LAN address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { EMBED_ORIGINS: HOST }, seedMatrix);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('keeps the Lax cookie a browser accepts there (a Secure one would be dropped)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { host: '192.168.1.20:8080' },
      payload: { username: MATRIX.ordinary.username, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const header = [response.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('msgr_session='));
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).not.toMatch(/Partitioned/);
  });
});

describe('without EMBED_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, seedMatrix);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('frames for nobody, and the session cookie stays SameSite=Lax, unpartitioned', async () => {
    const refused = await t.app.inject({ url: `/embed?parent=${encodeURIComponent(HOST)}` });
    expect(refused.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: MATRIX.ordinary.username, password: PASSWORD },
    });
    const header = [response.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('msgr_session='));
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).not.toMatch(/Partitioned/);
  });
});
