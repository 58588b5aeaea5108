import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TrustProxy } from './config';
import type { Runtime } from './runtime';
import { toWireError } from './errors';
import { preparePasswordChecks } from './features/accounts/passwords';
import { authRoutes } from './features/accounts/routes';
import { attachmentRoutes } from './features/attachments/routes';
import { registerSessionHooks } from './features/accounts/session-hooks';
import { networkRoutes } from './features/network/routes';
import { registerObservability } from './features/observability/plugin';
import { registerHealthRoutes } from './features/observability/readiness';
import { restRoutes } from './features/rest/routes';
import { embedRoutes } from './features/embed/routes';
import { graphAdminRoutes } from './features/graph-admin/routes';
import { scimRoutes } from './features/scim/routes';
import { ssoLogoutUrl, ssoRoutes } from './features/sso/routes';
import { notFoundHandler, webClientRoutes } from './features/web-client/plugin';
import { registerGraphQL } from './graphql/plugin';
import { buildSchema } from './schema';
import { registerCors } from './features/security/cors';
import { registerSecurityHeaders } from './features/security/headers';
import { refuseNulCharacters } from './features/security/nul-input';
import { registerSync } from './features/sync/plugin';

/** A hop count as the function Fastify runs per hop (its typings take no number). */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Builds the whole HTTP application over a runtime (runtime.ts), without
 * listening, so tests can call `app.inject` (Fastify's testing guide) and
 * `main.ts` can listen. Closing the app closes its sockets; the runtime's
 * owner closes the runtime after it.
 */
export async function buildApp(runtime: Runtime): Promise<FastifyInstance> {
  const { ctx, metrics } = runtime;
  const loggerInstance: FastifyBaseLogger = ctx.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: 1024 * 1024,
    // Behind a balancer, the client's own address (rate limits, logs) comes from X-Forwarded-For.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    // Slow clients may not hold connections open: headers, whole requests and idle
    // keep-alives each have a bound (a sync socket, once upgraded, is the hub's to time).
    requestTimeout: ctx.config.httpRequestTimeoutMs,
    keepAliveTimeout: ctx.config.httpKeepAliveTimeoutMs,
    http: {
      headersTimeout: ctx.config.httpHeadersTimeoutMs,
      // Node checks the two timeouts above on this period (default 30 s): a fraction of the shorter.
      connectionsCheckingInterval: Math.max(50, Math.floor(ctx.config.httpHeadersTimeoutMs / 4)),
    },
  });

  app.setErrorHandler((error, request, reply) => {
    const wire = toWireError(error);
    if (wire.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(wire.statusCode).send(wire.body);
  });

  // First, so that every route (and every 404) gets them: one CORS policy, one set of security headers.
  await registerCors(app, ctx.config.corsOrigins);
  await registerSecurityHeaders(app, ctx.config);
  refuseNulCharacters(app);

  // Before every route: metrics time all of them, sessions and CSRF guard all of them (GraphQL too).
  registerObservability(app, metrics, ctx.config);
  await registerSessionHooks(app, ctx);
  await preparePasswordChecks();
  await app.register(
    authRoutes({
      ctx,
      metrics,
      ssoLogoutUrl: (request, sessionHash) => ssoLogoutUrl(ctx, request, sessionHash),
    }),
  );
  await app.register(restRoutes(ctx));
  await app.register(networkRoutes(ctx));
  await app.register(scimRoutes(ctx));
  await app.register(ssoRoutes(ctx));
  await app.register(graphAdminRoutes(ctx));
  await app.register(embedRoutes(ctx));
  await app.register(attachmentRoutes(ctx));
  registerGraphQL(app, { ctx, presence: ctx.presence, schema: buildSchema() });
  // The sync socket (/sync): delta log replay and live pushes, presence, typing, delivery acks.
  const { sync } = runtime;
  await registerSync(app, ctx, {
    hub: sync.hub,
    stop: () => sync.stop(),
    accepted: (conn, viewer) => {
      sync.sends.admit(conn, viewer);
    },
  });
  // A serving node prunes the log and recovers the calls a crash left.
  sync.start();

  registerHealthRoutes(app, ctx);
  // Acks received before the sockets closed are processed before close resolves.
  app.addHook('onClose', () => sync.delivery.idle());

  // The built web client: index.html for the client routes only, hashed assets under /assets/.
  await app.register(webClientRoutes());
  // Unknown paths: a browser gets the client's "page not found" (HTML 404), a program JSON.
  app.setNotFoundHandler(notFoundHandler());

  await Promise.resolve();
  return app;
}
