import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

export const CSRF_HEADER = 'x-csrf-token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Login needs no token (there is no session yet; it only accepts JSON, which a
 * cross-site form cannot send without a CORS preflight). Admin and SCIM routes
 * authenticate by a token header, never by the cookie, so a forged request
 * carries no authority there.
 */
export function isCsrfExempt(routePath: string): boolean {
  return (
    routePath === '/auth/login' ||
    routePath.startsWith('/admin/') ||
    routePath.startsWith('/scim/') ||
    BODY_TOKEN_ROUTES.has(routePath)
  );
}

/**
 * Routes a page-hide beacon posts to: a beacon cannot set a header, so the
 * token travels in the body and the route itself checks it (checkBodyCsrf)
 * before anything else.
 */
export const BODY_TOKEN_ROUTES: ReadonlySet<string> = new Set(['/ajax/funnel_analytics/beacon/']);

export const csrfRejected = (): AppError => new AppError('csrf');

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit check for every state-changing request that carries a session:
 * the token lives in the session row and reaches the page only through
 * /auth/login and /auth/session, which another site cannot read. Requests with
 * no live session carry no ambient authority, so they pass here and meet the
 * route's own 401.
 */
export function checkCsrf(request: FastifyRequest, sessionToken: string | null): void {
  if (!STATE_CHANGING.has(request.method) || sessionToken === null) return;
  // The matched route pattern, not the raw URL, decides exemption: no path trick reaches it.
  const routePath = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  if (isCsrfExempt(routePath)) return;
  const given = request.headers[CSRF_HEADER];
  if (typeof given !== 'string' || !sameToken(given, sessionToken)) throw csrfRejected();
}

/** The body-token check of a BODY_TOKEN_ROUTES route: same rule as the header's. */
export function checkBodyCsrf(given: unknown, sessionToken: string | null): void {
  if (sessionToken === null) return;
  if (typeof given !== 'string' || !sameToken(given, sessionToken)) throw csrfRejected();
}
