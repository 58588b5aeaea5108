import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { toWireError } from './errors';

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

  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await ctx.db.read((db) => db.selectNoFrom((eb) => eb.val(1).as('one')).execute());
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await Promise.resolve();
  return app;
}
