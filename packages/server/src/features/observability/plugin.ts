import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/** Label for requests that matched no route: raw URLs would explode the label set. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request on the root instance (so routes added by any feature are
 * covered) and serves the Prometheus text format at GET /metrics. Call before
 * other routes are registered.
 */
export function registerObservability(app: FastifyInstance, metrics: Metrics): void {
  // Server-Timing: the server's share of a request, readable by browsers' dev tools and benchmarks.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', async (_request, reply) => {
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
