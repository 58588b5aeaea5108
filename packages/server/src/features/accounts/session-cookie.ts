import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

export const SESSION_COOKIE = 'msgr_session';

export interface CookiePolicy {
  sameSite: 'lax' | 'none';
  secure: boolean;
  partitioned: boolean;
}

/**
 * The attributes of the cookies a signed-in browser carries (the session, and
 * the single sign-on binding). Without EMBED_ORIGINS: SameSite=Lax keeps them
 * off cross-site subrequests and POSTs; Secure in production (behind TLS).
 *
 * With EMBED_ORIGINS, the messenger runs in a frame of another site, where a
 * Lax cookie is never sent and an unpartitioned third-party cookie is blocked
 * (Chromium already does): the cookies become `SameSite=None; Secure;
 * Partitioned` (CHIPS), so the frame keeps a session of its own, keyed to the
 * host's site. Secure is needed by SameSite=None; browsers accept it over
 * https and on loopback (http://localhost, http://127.0.0.1) only, so a
 * request over plain http to another address (a LAN) keeps the Lax cookie:
 * the messenger opened directly still signs in there, only embedding cannot.
 * The CSRF token (the session row's, read only through /auth/session) still
 * guards every state-changing request.
 */
export function cookiePolicy(
  config: Pick<Config, 'production' | 'embedOrigins'>,
  request: Pick<FastifyRequest, 'protocol' | 'hostname'>,
): CookiePolicy {
  if (config.embedOrigins.length > 0 && isSecureContext(request)) {
    return { sameSite: 'none', secure: true, partitioned: true };
  }
  return { sameSite: 'lax', secure: config.production, partitioned: false };
}

/** Where browsers keep a Secure cookie: https, or a loopback host over http. */
export function isSecureContext(request: Pick<FastifyRequest, 'protocol' | 'hostname'>): boolean {
  if (request.protocol === 'https') return true;
  const host = request.hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/** HttpOnly keeps the secret from scripts; the rest is the cookie policy above. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  secret: string,
  expiresAt: number,
  now: number,
): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    path: '/',
    ...cookiePolicy(config, reply.request),
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    path: '/',
    ...cookiePolicy(config, reply.request),
  });
}
