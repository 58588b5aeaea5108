import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Metrics } from '../observability/metrics';
import { answerBodyErrorsAsBadRequest } from '../rest/body';
import { ssoLogoutUrl } from '../sso/routes';
import { verifyPassword } from './passwords';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { createSession, deleteSession, findLoginCandidate } from './session-repo';
import { requireViewer, viewerFromRow, viewerToJson } from './viewer';

const loginSchema = z.object({
  username: z.string().trim().min(1).max(128),
  // Capped so that nobody makes argon2 chew on megabytes.
  password: z.string().min(1).max(1024),
});

export const invalidCredentials = (): AppError =>
  new AppError('invalid_credentials', 'Wrong username or password.', 401);

const LOGIN_WINDOW_MS = 60_000;

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Attempts are counted per client address and username, so one attacker cannot lock out a user everywhere. */
function loginRateKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | null | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.ip}|${username}`;
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

export interface AuthRoutesDeps {
  ctx: AppContext;
  metrics: Metrics;
}

/** POST /auth/login, POST /auth/logout, GET /auth/session. */
export function authRoutes({ ctx, metrics }: AuthRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    answerBodyErrorsAsBadRequest(app);
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'rate_limited',
          `Too many login attempts. Try again in ${context.after}.`,
          context.statusCode,
        ),
      onExceeded: () => {
        metrics.loginAttempts.inc({ outcome: 'rate_limited' });
      },
    });

    app.post(
      '/auth/login',
      {
        config: {
          rateLimit: {
            max: ctx.config.loginRateLimitPerMinute,
            timeWindow: LOGIN_WINDOW_MS,
            // After body parsing, so that the key can include the username.
            hook: 'preHandler',
            keyGenerator: loginRateKey,
          },
        },
        preValidation: (request, _reply, done) => {
          // A cross-site form cannot post JSON without a CORS preflight: this is login's CSRF guard.
          if (!isJson(request)) {
            done(new AppError('unsupported_media_type', 'Send the login as JSON.', 415));
            return;
          }
          done();
        },
      },
      async (request, reply) => {
        noStore(reply);
        if (!ctx.config.passwordLogin) {
          throw new AppError(
            'password_login_disabled',
            'Passwords are turned off here: sign in with your organization’s account.',
            403,
          );
        }
        const parsed = loginSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          metrics.loginAttempts.inc({ outcome: 'bad_request' });
          const issue = parsed.error.issues[0];
          const field = typeof issue?.path[0] === 'string' ? issue.path[0] : 'body';
          throw badRequest(field, issue?.message ?? 'Invalid input');
        }
        const { username, password } = parsed.data;
        const candidate = await findLoginCandidate(ctx.db, username);
        const ok = await verifyPassword(candidate?.passwordHash ?? null, password);
        if (!ok || candidate === null) {
          metrics.loginAttempts.inc({ outcome: 'invalid_credentials' });
          throw invalidCredentials();
        }
        // A fresh session id on every login: a planted cookie never becomes a logged-in one.
        if (request.authSession !== null) await deleteSession(ctx.db, request.authSession.idHash);
        const now = ctx.clock.now();
        const session = await createSession(ctx.db, candidate.viewer.id, now);
        setSessionCookie(reply, ctx.config, session.secret, session.expiresAt, now);
        metrics.loginAttempts.inc({ outcome: 'success' });
        request.log.info({ personId: candidate.viewer.id }, 'login');
        return {
          viewer: viewerToJson(viewerFromRow(candidate.viewer)),
          csrf_token: session.csrfToken,
        };
      },
    );

    app.post('/auth/logout', async (request, reply) => {
      noStore(reply);
      let endSessionUrl: string | null = null;
      if (request.authSession !== null) {
        // RP-initiated logout: a session from the identity provider ends there too.
        endSessionUrl = await ssoLogoutUrl(ctx, request, request.authSession.idHash);
        await deleteSession(ctx.db, request.authSession.idHash);
      }
      clearSessionCookie(reply, ctx.config);
      return endSessionUrl === null ? { ok: true } : { ok: true, end_session_url: endSessionUrl };
    });

    // Which ways of signing in the login page offers (passwords, single sign-on, or both).
    app.get('/auth/methods', (_request, reply) => {
      noStore(reply);
      return { password: ctx.config.passwordLogin, sso: ctx.config.oidc !== undefined };
    });

    app.get('/auth/session', (request, reply) => {
      noStore(reply);
      const viewer = requireViewer(request);
      return {
        viewer: viewerToJson(viewer),
        csrf_token: request.authSession?.csrfToken ?? '',
      };
    });
  };
}
