import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFoundHandler, webClientRoutes } from './plugin';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const ASSET = 'console.log("hashed");';

/** The server's own paths: the client fallback must never answer them. */
const SERVER_PATHS = [
  '/graphql',
  '/sync',
  '/auth/session',
  '/ajax/bugs/report',
  '/qp/action/log/',
  '/work/group_creation/dialog/save_purpose/',
  '/settings/employee_beta',
  '/admin/import',
  '/staff/tools',
  '/healthz',
  '/readyz',
  '/metrics',
];

function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), ASSET);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

async function appWith(distDir: string, stubServerRoutes: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  if (stubServerRoutes) {
    for (const path of SERVER_PATHS) app.get(path, () => ({ server: path }));
  }
  await app.register(webClientRoutes({ distDir }));
  app.setNotFoundHandler(notFoundHandler({ distDir }));
  await app.ready();
  return app;
}

describe('web client plugin with a built client', () => {
  let dist: string;
  let app: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    dist = makeDist();
    app = await appWith(dist, true);
    bare = await appWith(dist, false);
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/login',
    '/messages',
    '/messages/',
    '/messages/thread/42',
    '/messages/requests/t/7',
  ])('answers %s with index.html, never cached', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with immutable caching', async () => {
    const response = await app.inject('/assets/index-AbC123.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the favicon with short caching and 404s a missing asset', async () => {
    const icon = await app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect((await app.inject('/assets/missing-XyZ.js')).statusCode).toBe(404);
    expect((await app.inject('/assets/../index.html')).body).not.toBe(ASSET);
  });

  it.each(SERVER_PATHS)('leaves %s to the server', async (url) => {
    const served = await app.inject(url);
    expect(served.json()).toEqual({ server: url });
    // Even before a feature registers its route, the client never answers it.
    const unclaimed = await bare.inject(url);
    expect(unclaimed.statusCode).toBe(404);
    expect(unclaimed.body).not.toContain('<div id="root">');
  });

  it('answers unknown paths 404, not index.html', async () => {
    for (const url of ['/nope', '/loginx', '/messagesx', '/index.html']) {
      const response = await bare.inject(url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('unknown paths (issue 31)', () => {
  const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = makeDist();
    app = await appWith(dist, false);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answer a browser with an HTML 404: the client, whose router shows "page not found"', async () => {
    for (const url of ['/nope', '/loginx', '/graphqlx/deep?x=1']) {
      const response = await app.inject({ url, headers: { accept: BROWSER } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
      // Its security headers come from features/security (test/security/cors-and-headers.test.ts).
    }
  });

  it('answer a program, or anyone asking for JSON, with the JSON error', async () => {
    for (const accept of [undefined, 'application/json', 'application/json, text/html']) {
      const response = await app.inject({
        url: '/nope',
        headers: accept === undefined ? {} : { accept },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const posted = await app.inject({ method: 'POST', url: '/nope', headers: { accept: BROWSER } });
    expect(posted.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('still answer a browser with HTML when the client is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'web-dist-empty-'));
    const bare = await appWith(join(empty, 'dist'), false);
    try {
      const response = await bare.inject({ url: '/nope', headers: { accept: BROWSER } });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Page not found');
      expect(response.body).toContain('href="/"');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('web client plugin without a build', () => {
  it('answers / with a 503 page saying how to build the client', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'web-dist-empty-'));
    const app = await appWith(join(empty, 'dist'), false);
    try {
      const response = await app.inject('/');
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('npm run -w @messenger/web build');
      expect((await app.inject('/messages/thread/1')).statusCode).toBe(503);
      expect((await app.inject('/assets/index-AbC123.js')).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('serves the client once it is built, without a restart', async () => {
    const root = mkdtempSync(join(tmpdir(), 'web-dist-late-'));
    const dist = join(root, 'dist');
    const app = await appWith(dist, false);
    try {
      expect((await app.inject('/')).statusCode).toBe(503);
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), INDEX);
      writeFileSync(join(dist, 'assets', 'late-1.js'), ASSET);
      expect((await app.inject('/')).body).toBe(INDEX);
      expect((await app.inject('/assets/late-1.js')).body).toBe(ASSET);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
