import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { isAdminToken } from '../network/routes';
import type { Metrics } from './metrics';

/** Label for requests that matched no route: raw URLs would explode the label set. */
const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsAccess {
  /** METRICS_TOKEN: GET /metrics on the public listener needs `authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

async function sendMetrics(metrics: Metrics, reply: FastifyReply): Promise<FastifyReply> {
  const body = await metrics.registry.metrics();
  return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
}

/**
 * Times every request on the root instance (so routes added by any feature are
 * covered). GET /metrics (Prometheus text) is served on this listener only with
 * METRICS_TOKEN set, and then only to that bearer token: route latencies, login
 * outcomes and process internals are not for the public. METRICS_LISTEN serves
 * it on a separate address instead (startMetricsListener). Call before other
 * routes are registered.
 */
export function registerObservability(
  app: FastifyInstance,
  metrics: Metrics,
  access: MetricsAccess,
): void {
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

  const token = access.metricsToken;
  if (token === undefined) return;
  app.get('/metrics', async (request, reply) => {
    if (!isAdminToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthenticated', message: 'Send the metrics bearer token.' } });
    }
    return sendMetrics(metrics, reply);
  });
}

/**
 * METRICS_LISTEN: a listener of its own that serves GET /metrics and nothing else,
 * without a token (bind it to an address only the scraper reaches). Returns the
 * listening instance; close it with the app.
 */
export async function startMetricsListener(
  metrics: Metrics,
  address: { host: string; port: number },
  logger: FastifyBaseLogger,
): Promise<{ server: FastifyInstance; url: string }> {
  const server = Fastify({ loggerInstance: logger, bodyLimit: 1024 });
  server.get('/metrics', (_request, reply) => sendMetrics(metrics, reply));
  const url = await server.listen({ host: address.host, port: address.port });
  return { server, url };
}
