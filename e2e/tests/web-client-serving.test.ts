import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';

const e2e = useE2E();

async function get(path: string): Promise<Response> {
  return fetch(`${e2e.serverUrl}${path}`, { redirect: 'manual' });
}

/** The bytes on the wire (fetch would decompress them) for an Accept-Encoding. */
function raw(
  path: string,
  acceptEncoding: string,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${e2e.serverUrl}${path}`,
      { headers: { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
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

  it("ships React's production build, whoever ran the build (a test runner sets NODE_ENV=test)", async () => {
    const html = await (await get('/')).text();
    expect(html).not.toContain('jsx-dev-runtime');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const path of scripts) {
      // A warning only React's development build contains.
      expect(await (await get(path!)).text(), path).not.toContain(
        'Each child in a list should have a unique',
      );
    }
  });

  it('sends the scripts and the page precompressed, by Accept-Encoding, the smallest first', async () => {
    const html = await (await get('/')).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (script === undefined) throw new Error('no entry script');
    for (const path of [script, '/']) {
      const plain = await raw(path, 'identity');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const brotli = await raw(path, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding'], path).toBe('br');
      expect(brotli.headers.vary, path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.body).equals(plain.body), path).toBe(true);
      const gzip = await raw(path, 'gzip');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
      expect(brotli.body.length, path).toBeLessThan(gzip.body.length);
      expect(gzip.body.length, path).toBeLessThan(plain.body.length);
      // A client that refuses Brotli gets gzip.
      expect((await raw(path, 'br;q=0, gzip')).headers['content-encoding'], path).toBe('gzip');
    }
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
