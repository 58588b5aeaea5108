import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { explainZodError } from '@messenger/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Metrics } from '../observability/metrics';
import { answerBodyErrorsAsBadRequest } from '../../http/form-body';
import { endSessions } from './end-sessions';
import { createLoginLimiter, LoginRateLimited } from './login-limits';
import { verifyPassword } from './passwords';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { createSession, findLoginCandidate } from './session-repo';
import { requireViewer, viewerFromRow, viewerToJson } from './viewer';

const loginSchema = z.object({
  username: z.string().trim().min(1).max(128),
  // Capped so that nobody makes argon2 chew on megabytes.
  password: z.string().min(1).max(1024),
});

export const invalidCredentials = (): AppError => new AppError('invalid_credentials');

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

export interface AuthRoutesDeps {
  ctx: AppContext;
  metrics: Metrics;
  /**
   * RP-initiated logout: the identity provider's end-session URL for a session
   * that came from it, else null (sso's ssoLogoutUrl). Passed in by app.ts so
   * that accounts, which sso signs people in through, does not import sso.
   */
  ssoLogoutUrl: (request: FastifyRequest, sessionHash: string) => Promise<string | null>;
}

/**
 * Deletes a session and closes its sync sockets on every node now, not at
 * the next session check: its user's friends see them go offline at once.
 */
async function endSession(ctx: AppContext, idHash: string): Promise<void> {
  await endSessions(ctx, { sessionHashes: [idHash] });
}

/** POST /auth/login, POST /auth/logout, GET /auth/session. */
export function authRoutes({ ctx, metrics, ssoLogoutUrl }: AuthRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    answerBodyErrorsAsBadRequest(app);
    // The limits' counters: in Redis with REDIS_URL (shared by every node), else in memory.
    await app.register(rateLimit, {
      global: false,
      // Redis unreachable: logins go on unlimited rather than all failing (the node says 503 on /readyz).
      skipOnError: true,
      ...(ctx.redis === undefined
        ? {}
        : { redis: ctx.redis, nameSpace: `${ctx.config.redisChannel}:login-limit:` }),
    });
    const checkLoginLimits = createLoginLimiter(app, ctx.config);

    app.post(
      '/auth/login',
      {
        // After body parsing: two of the limits count by username.
        preHandler: async (request, reply) => {
          try {
            await checkLoginLimits(request);
          } catch (error) {
            if (error instanceof LoginRateLimited) {
              metrics.loginAttempts.inc({ outcome: 'rate_limited' });
              void reply.header('retry-after', String(error.retryAfterSeconds));
            }
            throw error;
          }
        },
        preValidation: (request, _reply, done) => {
          // A cross-site form cannot post JSON without a CORS preflight: this is login's CSRF guard.
          if (!isJson(request)) {
            done(new AppError('unsupported_media_type', 'Send the login as JSON.'));
            return;
          }
          done();
        },
      },
      async (request, reply) => {
        noStore(reply);
        if (!ctx.config.passwordLogin) {
          throw new AppError('password_login_disabled');
        }
        const parsed = loginSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          metrics.loginAttempts.inc({ outcome: 'bad_request' });
          const problem = explainZodError(parsed.error, loginSchema);
          throw badRequest(problem.field === '' ? 'body' : problem.field, problem.message);
        }
        const { username, password } = parsed.data;
        const candidate = await findLoginCandidate(ctx.db, username);
        const ok = await verifyPassword(candidate?.passwordHash ?? null, password);
        if (!ok || candidate === null) {
          metrics.loginAttempts.inc({ outcome: 'invalid_credentials' });
          throw invalidCredentials();
        }
        // A fresh session id on every login: a planted cookie never becomes a logged-in one.
        if (request.authSession !== null) await endSession(ctx, request.authSession.idHash);
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
        endSessionUrl = await ssoLogoutUrl(request, request.authSession.idHash);
        await endSession(ctx, request.authSession.idHash);
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
