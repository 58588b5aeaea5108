import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

export const SESSION_COOKIE = 'msgr_session';

/**
 * HttpOnly keeps the secret from scripts; SameSite=Lax keeps it off cross-site
 * subrequests and POSTs; Secure whenever we run in production (behind TLS).
 */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  secret: string,
  expiresAt: number,
  now: number,
): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.production,
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.production,
  });
}
