import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { toWireError } from './errors';
import { preparePasswordChecks } from './features/accounts/passwords';
import { authRoutes } from './features/accounts/routes';
import { attachmentRoutes } from './features/attachments/routes';
import { registerSessionHooks } from './features/accounts/session-hooks';
import { networkRoutes } from './features/network/routes';
import { createMetrics } from './features/observability/metrics';
import { registerObservability } from './features/observability/plugin';
import { restRoutes } from './features/rest/routes';
import { graphAdminRoutes } from './features/graph-admin/routes';
import { scimRoutes } from './features/scim/routes';
import { ssoRoutes } from './features/sso/routes';
import { webClientRoutes } from './features/web-client/plugin';
import { presenceStoreFor } from './features/presence/store';
import { registerGraphQL } from './graphql/plugin';
import { registerSync } from './features/sync/plugin';

/**
 * Builds the whole HTTP application without listening, so tests can call
 * `app.inject` (Fastify's testing guide) and `main.ts` can listen.
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = ctx.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });

  app.setErrorHandler((error, request, reply) => {
    const wire = toWireError(error);
    if (wire.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(wire.statusCode).send(wire.body);
  });

  // Before every route: metrics time all of them, sessions and CSRF guard all of them (GraphQL too).
  const metrics = createMetrics();
  registerObservability(app, metrics);
  await registerSessionHooks(app, ctx);
  await preparePasswordChecks();
  await app.register(authRoutes({ ctx, metrics }));
  await app.register(restRoutes(ctx));
  await app.register(networkRoutes(ctx));
  await app.register(scimRoutes(ctx));
  await app.register(ssoRoutes(ctx));
  await app.register(graphAdminRoutes(ctx));
  await app.register(attachmentRoutes(ctx));
  registerGraphQL(app, { ctx, presence: presenceStoreFor(ctx) });
  // The sync socket (/sync): delta log replay and live pushes, presence, typing, delivery acks.
  await registerSync(app, ctx);

  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await ctx.db.read((db) => db.selectNoFrom((eb) => eb.val(1).as('one')).execute());
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // The built web client: index.html for the client routes only, hashed assets under /assets/.
  await app.register(webClientRoutes());

  await Promise.resolve();
  return app;
}
