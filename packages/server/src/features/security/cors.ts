import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a listed origin's page may send: the client's JSON calls with their CSRF header. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];
const ALLOWED_HEADERS = ['content-type', 'accept', 'x-csrf-token', 'x-attachment-type'];
/** Browsers cache a preflight this long (seconds), so a listed origin pays for it once. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * The one CORS policy of every route, GraphQL included (Yoga's own CORS is off).
 * Same-origin only unless CORS_ORIGINS lists an origin: an unlisted origin gets no
 * CORS header at all (no allow-origin, no allow-credentials), and its preflight is
 * not answered, so its scripts never read a response made with the person's cookie.
 */
export async function registerCors(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
): Promise<void> {
  const allowed = new Set(allowedOrigins);
  await app.register(cors, {
    // `false` turns CORS off for the request: no header is written for it.
    origin: (origin, callback) => {
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false);
    },
    credentials: true,
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
    strictPreflight: true,
  });
}
