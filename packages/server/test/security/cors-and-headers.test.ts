import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../support/session';

/*
 * Issue 30 findings 1, 9 and 10: one CORS policy (no origin is trusted unless
 * listed), one set of security headers with frame-ancestors from EMBED_ORIGINS
 * and HSTS on https, and GraphiQL's own CSP in development.
 */

const EVIL = 'http://evil.example';
const HOST_NETWORK = 'https://social.example';

const preflight = (t: TestApp, origin: string, url = '/graphql') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-csrf-token',
    },
  });

const postGraphql = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { origin, 'content-type': 'application/json' },
    payload: JSON.stringify({ query: '{ __typename }' }),
  });

function withApp(env: Record<string, string>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp('sqlite', env);
  });
  afterAll(async () => {
    await t?.dispose();
  });
  return () => {
    if (t === undefined) throw new Error('app not built');
    return t;
  };
}

describe('CORS by default: same-origin only', () => {
  const app = withApp({});

  it('never answers another origin’s preflight, on /graphql or any route', async () => {
    for (const url of [
      '/graphql',
      '/auth/login',
      '/auth/session',
      '/attachments',
      '/qp/eligible/',
    ]) {
      const response = await preflight(app(), EVIL, url);
      expect(response.statusCode, url).not.toBe(204);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('sends no CORS header with an answer to another origin', async () => {
    const response = await postGraphql(app(), EVIL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const session = await app().app.inject({ url: '/auth/session', headers: { origin: EVIL } });
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with CORS_ORIGINS', () => {
  const app = withApp({ CORS_ORIGINS: `${HOST_NETWORK}, http://localhost:3000` });

  it('answers a listed origin’s preflight with that origin and credentials', async () => {
    const response = await preflight(app(), HOST_NETWORK);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(HOST_NETWORK);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-headers']).toContain('x-csrf-token');
    expect(response.headers.vary).toContain('Origin');
    const post = await postGraphql(app(), 'http://localhost:3000');
    expect(post.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('still gives an unlisted origin nothing', async () => {
    for (const origin of [
      EVIL,
      'https://social.example.evil.example',
      'null',
      `${HOST_NETWORK}:444`,
    ]) {
      const response = await preflight(app(), origin);
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(response.headers['access-control-allow-credentials'], origin).toBeUndefined();
      const post = await postGraphql(app(), origin);
      expect(post.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(post.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });
});

describe('origin settings', () => {
  it('refuses an entry that is not an origin, naming the variable', () => {
    for (const bad of ['social.example', 'https://social.example/path', 'ftp://x.example', '*']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ EMBED_ORIGINS: bad })).toThrow(/EMBED_ORIGINS/);
    }
    expect(
      loadConfig({ CORS_ORIGINS: ' https://a.example ,http://b.example:8080,' }).corsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
  });
});

describe('security headers by default', () => {
  const app = withApp({});

  it('frames only from itself, without HSTS on http, on pages, API and 404s alike', async () => {
    for (const url of ['/login', '/auth/session', '/healthz', '/no-such-path']) {
      const response = await app().app.inject({ url, headers: { accept: 'application/json' } });
      const csp = response.headers['content-security-policy'];
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unpkg');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives development’s GraphiQL page a CSP that lets its editor load and nothing frame it', async () => {
    const response = await app().app.inject({ url: '/graphql', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('unpkg.com');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://unpkg.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('security headers for an embedding host network over https', () => {
  const app = withApp({
    EMBED_ORIGINS: `${HOST_NETWORK},https://work.example`,
    PUBLIC_URL: 'https://chat.social.example',
  });

  it('lets the listed origins frame the messenger and sends HSTS', async () => {
    const response = await app().app.inject('/messages');
    expect(response.headers['content-security-policy']).toContain(
      `frame-ancestors 'self' ${HOST_NETWORK} https://work.example`,
    );
    // X-Frame-Options cannot name other origins; it would forbid the embed in old browsers.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
