import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, toWireError } from '../../errors';
import { serverPackageDir } from '../../package-dir';

/** `packages/web/dist`, beside the server package (from its sources or its build). */
export const DEFAULT_WEB_DIST = join(serverPackageDir(), '../web/dist');

/**
 * The client routes answered with index.html (the web router's table):
 * `/`, `/login`, `/messages` and everything under `/messages/`. Nothing else,
 * so the server's own paths (/graphql, /sync, /auth, /ajax, /qp, /work,
 * /settings, /admin, /staff, /healthz, /readyz, /metrics) are never shadowed
 * and an unknown path stays a 404.
 */
export const SPA_ROUTES = ['/', '/login', '/messages', '/messages/*'] as const;

/** Top-level files of the client's public folder (not hashed: short caching). */
export const PUBLIC_FILES = ['/favicon.svg'] as const;

export interface WebClientOptions {
  /** The built client (`npm run -w @messenger/web build`); default packages/web/dist. */
  distDir?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What `/` answers when the client was never built: a 503 that says how to build it. */
export function notBuiltPage(distDir: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Messenger: web client not built</title></head>
<body>
<main>
<h1>The web client is not built yet</h1>
<p>The server is running, but <code>${escapeHtml(join(distDir, 'index.html'))}</code> does not exist.</p>
<p>Build it with <code>npm run -w @messenger/web build</code> (<code>npm start</code> does this for you), then reload this page.</p>
</main>
</body>
</html>
`;
}

/**
 * Serves the built web client: hashed files under /assets/ with immutable
 * caching, index.html (never cached) for the client routes, and a clear 503
 * page while the client is not built. The dist folder is read per request, so
 * a rebuild needs no server restart.
 */
export function webClientRoutes(options: WebClientOptions = {}): FastifyPluginAsync {
  const distDir = options.distDir ?? DEFAULT_WEB_DIST;
  const indexFile = join(distDir, 'index.html');

  return async (app) => {
    const built = existsSync(indexFile);
    if (!built) {
      app.log.warn(
        { distDir },
        'the web client is not built: / answers 503 until `npm run -w @messenger/web build`',
      );
    }
    await app.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      // Vite puts a content hash in every file name under assets/: a changed file gets a new name.
      immutable: true,
      maxAge: '365d',
      index: false,
      dotfiles: 'ignore',
      // The folder may appear later (the client built after the server started): no warning.
      suppressWarning: true,
      // The build writes .br and .gz beside each file (web/scripts/precompress.ts): sent by
      // Accept-Encoding, with Vary, and the plain file to a client that takes neither.
      preCompressed: true,
    });

    for (const file of PUBLIC_FILES) {
      app.get(file, (_request, reply) =>
        reply.sendFile(file.slice(1), distDir, { maxAge: '1d', immutable: false }),
      );
    }

    const sendIndex = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
      sendWebClientIndex(request, reply, distDir);

    for (const route of SPA_ROUTES) {
      app.get(route, (request, reply) => sendIndex(request, reply));
    }
  };
}

interface EncodedFile {
  body: Buffer | string;
  /** The content-encoding of `body`, or null for the file as it is. */
  encoding: 'br' | 'gzip' | null;
}

/** The encodings a request takes, from Accept-Encoding (q=0 refuses one). */
function acceptedEncodings(request: FastifyRequest): Set<string> {
  const header = request.headers['accept-encoding'];
  const accepted = new Set<string>();
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name !== '' && !refused) accepted.add(name);
  }
  return accepted;
}

/** The smallest precompressed copy of `file` the request takes (the build writes them), or the file. */
async function readEncoded(file: string, request: FastifyRequest): Promise<EncodedFile> {
  const accepted = acceptedEncodings(request);
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepted.has(encoding) && existsSync(`${file}${suffix}`)) {
      return { body: await readFile(`${file}${suffix}`), encoding };
    }
  }
  return { body: await readFile(file), encoding: null };
}

/** index.html of the built client (precompressed by Accept-Encoding), or the 503 page while it is not built (the embed's route too). */
export async function sendWebClientIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  distDir: string = DEFAULT_WEB_DIST,
): Promise<FastifyReply> {
  let html: EncodedFile;
  try {
    html = await readEncoded(join(distDir, 'index.html'), request);
  } catch {
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(notBuiltPage(distDir));
  }
  return sendPage(reply, html);
}

/** The app's HTML: never cached without asking (security headers come from features/security). */
function sendPage(reply: FastifyReply, html: EncodedFile): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (html.encoding !== null) reply.header('content-encoding', html.encoding);
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html.body);
}

/** A browser navigating (it takes HTML before JSON), not a program asking for JSON. */
export function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = (request.headers.accept ?? '').toLowerCase();
  const html = accept.indexOf('text/html');
  if (html < 0) return false;
  const json = accept.indexOf('application/json');
  return json < 0 || html < json;
}

/** The 404 page when the client is not built (the built client shows its own, in the app's frame). */
const PLAIN_NOT_FOUND = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Page not found</title></head>
<body>
<main>
<h1>Page not found</h1>
<p>There is nothing at this address.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;

/**
 * Unknown paths: a browser gets a 404 with the web client, whose router
 * shows its "page not found" screen in the app's frame with a way home; a
 * program (or anything asking for JSON) gets the JSON error as before.
 */
export function notFoundHandler(
  options: WebClientOptions = {},
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const indexFile = join(options.distDir ?? DEFAULT_WEB_DIST, 'index.html');
  return async (request, reply) => {
    if (!wantsHtml(request)) {
      const wire = toWireError(notFound(`There is nothing at ${request.method} ${request.url}.`));
      return reply.status(wire.statusCode).send(wire.body);
    }
    let html: EncodedFile;
    try {
      html = await readEncoded(indexFile, request);
    } catch {
      html = { body: PLAIN_NOT_FOUND, encoding: null };
    }
    return sendPage(reply.status(404), html);
  };
}
