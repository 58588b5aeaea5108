import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';

const e2e = useE2E();

async function get(path: string): Promise<Response> {
  return fetch(`${e2e.serverUrl}${path}`, { redirect: 'manual' });
}

describe('the server serves the built web client', () => {
  it('answers the client routes with index.html, never cached', async () => {
    for (const path of ['/', '/login', '/messages', '/messages/requests/t/1']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toContain('<div id="root">');
    }
  });

  it('serves the hashed scripts with immutable caching', async () => {
    const html = await (await get('/')).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await get(script!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("leaves the server's own paths and unknown paths alone", async () => {
    expect((await (await get('/healthz')).json()) as unknown).toEqual({ status: 'ok' });
    expect((await get('/auth/session')).status).toBe(401);
    for (const path of ['/nope', '/messagesx', '/graphql-not', '/admin']) {
      const body = await (await get(path)).text();
      expect(body, path).not.toContain('<div id="root">');
    }
  });
});
