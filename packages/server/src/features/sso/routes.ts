import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { OidcConfig } from '../../config';
import { endSessions } from '../accounts/end-sessions';
import { cookiePolicy, setSessionCookie } from '../accounts/session-cookie';
import { createSession, hashSessionSecret } from '../accounts/session-repo';
import { registerFormParser } from '../../http/form-body';
import { findOrCreatePerson } from './people';
import { ssoPage } from './page';

const BINDING_COOKIE = 'msgr_sso';
/** A sign-in must come back from the identity provider within this. */
const LOGIN_TTL_MS = 10 * 60 * 1000;

/**
 * RP-initiated logout: for a session that came from the identity provider,
 * the provider's end-session URL (with the ID token as hint) where the
 * browser goes next to end that session too; null otherwise.
 */
export async function ssoLogoutUrl(
  ctx: AppContext,
  request: FastifyRequest,
  sessionHash: string,
): Promise<string | null> {
  const provider = ctx.oidc;
  if (provider === undefined) return null;
  const row = await ctx.db.read((k) =>
    k
      .selectFrom('sso_sessions')
      .select('id_token')
      .where('session_hash', '=', sessionHash)
      .executeTakeFirst(),
  );
  if (row === undefined) return null;
  await ctx.db.transact((trx) =>
    trx.deleteFrom('sso_sessions').where('session_hash', '=', sessionHash).execute(),
  );
  const config = await provider.configuration();
  if (config.serverMetadata().end_session_endpoint === undefined) return null;
  return client
    .buildEndSessionUrl(config, {
      id_token_hint: row.id_token,
      post_logout_redirect_uri: `${baseUrl(ctx, request)}/login`,
    })
    .toString();
}

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Only a path of this site: never another origin (no open redirect). */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.includes('\\') || value.length > 2000) return '/';
  return value;
}

function baseUrl(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.publicUrl !== undefined) return ctx.config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.headers.host ?? `${ctx.config.host}:${String(ctx.config.port)}`}`;
}

const withQuery = (path: string, key: string, value: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;

/**
 * OpenID Connect sign-in (authorization code with PKCE, openid-client):
 * `GET /auth/oidc/login` sends the browser to the identity provider,
 * `GET /auth/oidc/callback` signs the person in, `POST
 * /auth/oidc/backchannel-logout` ends the sessions the provider names, live.
 * RP-initiated logout: POST /auth/logout answers the provider's end-session
 * URL for a session that came from it (accounts/routes.ts, handed ssoLogoutUrl
 * by app.ts).
 */
export function ssoRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // The runtime builds the client exactly when OIDC_* is configured.
    const provider = ctx.oidc;
    if (provider === undefined) return;
    const settings: OidcConfig = provider.settings;
    registerFormParser(app);

    const failPage = (reply: FastifyReply, status: number, title: string, text: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(ssoPage(title, text));

    app.get<{ Querystring: { return_to?: string; prompt?: string; answer?: string } }>(
      '/auth/oidc/login',
      async (request, reply) => {
        const config = await provider.configuration();
        // The embed's login popup passes here: its opener (a frame of the host's page) must stay linked.
        void reply.header('cross-origin-opener-policy', 'unsafe-none');
        const returnTo = safeReturnTo(request.query.return_to);
        const silent = request.query.prompt === 'none';
        const verifier = client.randomPKCECodeVerifier();
        const state = client.randomState();
        const nonce = client.randomNonce();
        const binding = randomBytes(24).toString('base64url');
        const now = ctx.clock.now();
        await ctx.db.transact(async (trx) => {
          await trx
            .deleteFrom('sso_logins')
            .where('created_at', '<', now - LOGIN_TTL_MS)
            .execute();
          await trx
            .insertInto('sso_logins')
            .values({
              state,
              binding_hash: digest(binding),
              code_verifier: verifier,
              nonce,
              return_to: returnTo,
              silent: silent ? 1 : 0,
              created_at: now,
            })
            .execute();
        });
        // Binds the callback to this browser: a sign-in started elsewhere cannot be finished here.
        void reply.setCookie(BINDING_COOKIE, binding, {
          httpOnly: true,
          path: '/auth/oidc/',
          // The embed's frame signs in inside the host's page: the binding follows the session's policy.
          ...cookiePolicy(ctx.config, request),
          maxAge: LOGIN_TTL_MS / 1000,
        });
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: `${baseUrl(ctx, request)}/auth/oidc/callback`,
          scope: 'openid profile',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
          nonce,
          ...(silent ? { prompt: 'none' } : {}),
        });
        void reply.header('cache-control', 'no-store');
        // The embed's frame asks for the address and goes there itself: a redirect from the
        // messenger (another site than the host page) would make the provider's own SameSite
        // cookie cross-site for Chromium (the redirect chain counts), and prompt=none fail.
        if (request.query.answer === 'json') return reply.send({ url: url.href });
        return reply.redirect(url.href);
      },
    );

    app.get<{ Querystring: Record<string, string | undefined> }>(
      '/auth/oidc/callback',
      async (request, reply) => {
        void reply.header('cross-origin-opener-policy', 'unsafe-none');
        const state = request.query.state ?? '';
        const binding = request.cookies[BINDING_COOKIE] ?? '';
        const login = await ctx.db.read((k) =>
          k.selectFrom('sso_logins').selectAll().where('state', '=', state).executeTakeFirst(),
        );
        await ctx.db.transact((trx) =>
          trx.deleteFrom('sso_logins').where('state', '=', state).execute(),
        );
        void reply.clearCookie(BINDING_COOKIE, {
          path: '/auth/oidc/',
          ...cookiePolicy(ctx.config, request),
        });
        if (
          login === undefined ||
          login.binding_hash !== digest(binding) ||
          login.created_at < ctx.clock.now() - LOGIN_TTL_MS
        ) {
          return failPage(
            reply,
            400,
            'Sign-in expired',
            'This sign-in link is no longer valid. Start again from the page you came from.',
          );
        }
        const error = request.query.error;
        if (error !== undefined) {
          // prompt=none inside the embed: no session at the identity provider is an answer, not a failure.
          if (login.silent === 1) return reply.redirect(withQuery(login.return_to, 'sso', error));
          return failPage(
            reply,
            401,
            'Sign-in did not finish',
            'The identity provider did not sign you in. Try again.',
          );
        }
        const config = await provider.configuration();
        const current = new URL(`${baseUrl(ctx, request)}${request.url}`);
        let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
        try {
          tokens = await client.authorizationCodeGrant(config, current, {
            pkceCodeVerifier: login.code_verifier,
            expectedState: state,
            expectedNonce: login.nonce,
            idTokenExpected: true,
          });
        } catch (err) {
          request.log.warn({ err }, 'OIDC code exchange failed');
          return failPage(
            reply,
            401,
            'Sign-in did not finish',
            'The identity provider’s answer could not be verified. Try again.',
          );
        }
        const claims = tokens.claims();
        const idToken = tokens.id_token;
        if (claims === undefined || idToken === undefined) {
          return failPage(
            reply,
            401,
            'Sign-in did not finish',
            'The identity provider sent no ID token.',
          );
        }
        const found = await findOrCreatePerson(ctx, settings, claims);
        if (found.status !== 'ok') {
          request.log.info({ sub: claims.sub, status: found.status }, 'SSO sign-in refused');
          return failPage(
            reply,
            403,
            'No account here yet',
            found.status === 'deactivated'
              ? 'Your account on this network is deactivated. Ask the network’s administrators.'
              : 'You signed in at the identity provider, but this network has no person linked to your account, and accounts are not created on first sign-in. Ask the network’s administrators to add you.',
          );
        }
        const now = ctx.clock.now();
        const session = await createSession(ctx.db, found.personId, now);
        await ctx.db.transact((trx) =>
          trx
            .insertInto('sso_sessions')
            .values({
              session_hash: hashSessionSecret(session.secret),
              person_id: found.personId,
              sub: claims.sub,
              sid: typeof claims.sid === 'string' ? claims.sid : null,
              id_token: idToken,
              created_at: now,
            })
            .execute(),
        );
        setSessionCookie(reply, ctx.config, session.secret, session.expiresAt, now);
        request.log.info({ personId: found.personId }, 'SSO login');
        return reply.header('cache-control', 'no-store').redirect(login.return_to);
      },
    );

    app.post<{ Body: { logout_token?: unknown } }>(
      '/auth/oidc/backchannel-logout',
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const token = (request.body as { logout_token?: unknown } | undefined)?.logout_token;
        if (typeof token !== 'string') return reply.status(400).send({ error: 'invalid_request' });
        let named: { sub?: string; sid?: string };
        try {
          named = await provider.logoutClaims(token);
        } catch (err) {
          request.log.warn({ err }, 'back-channel logout token refused');
          return reply.status(400).send({ error: 'invalid_request' });
        }
        const rows = await ctx.db.read((k) => {
          let query = k.selectFrom('sso_sessions').select('session_hash');
          if (named.sid !== undefined) query = query.where('sid', '=', named.sid);
          if (named.sub !== undefined) query = query.where('sub', '=', named.sub);
          return query.execute();
        });
        const hashes = rows.map((r) => r.session_hash);
        await endSessions(ctx, { sessionHashes: hashes });
        if (hashes.length > 0) {
          await ctx.db.transact((trx) =>
            trx.deleteFrom('sso_sessions').where('session_hash', 'in', hashes).execute(),
          );
        }
        request.log.info({ sessions: hashes.length }, 'back-channel logout');
        return reply.status(200).send();
      },
    );

    await Promise.resolve();
  };
}
