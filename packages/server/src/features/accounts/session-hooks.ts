import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { checkCsrf } from './csrf';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie';
import { findSession, touchSession, type SessionRecord } from './session-repo';
import { viewerFromRow } from './viewer';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the request's cookie; null when there is none or it is dead. */
    authSession: SessionRecord | null;
  }
}

/**
 * Adds, on the root instance (so every route, GraphQL included, gets them):
 * cookie parsing, `request.viewer` and `request.authSession` resolved from the
 * session cookie, and the CSRF check. Call before any route is registered.
 */
/**
 * Paths that never depend on who asks: the built client's hashed files. A page
 * load fetches several of them, each with the cookie; looking the session up
 * (and sliding it) for each would be database work for nothing.
 */
const SESSIONLESS_PREFIXES = ['/assets/'];

export async function registerSessionHooks(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('viewer', null);
  app.decorateRequest('authSession', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && SESSIONLESS_PREFIXES.some((p) => request.url.startsWith(p))) {
      return;
    }
    const secret = request.cookies[SESSION_COOKIE];
    if (secret !== undefined && secret !== '') {
      const now = ctx.clock.now();
      const found = await findSession(ctx.db, secret, now);
      if (found === null) {
        clearSessionCookie(reply, ctx.config);
      } else {
        request.viewer = viewerFromRow(found.viewer);
        request.authSession = found.session;
        const expiresAt = await touchSession(ctx.db, found.session, now);
        if (expiresAt !== null) setSessionCookie(reply, ctx.config, secret, expiresAt, now);
      }
    }
    checkCsrf(request, request.authSession?.csrfToken ?? null);
  });
}
