import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { createMessengerMetrics, type MessengerMetrics } from './messenger-metrics';

export type LoginOutcome = 'success' | 'invalid_credentials' | 'rate_limited' | 'bad_request';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  loginAttempts: Counter<'outcome'>;
  /** Sockets, deltas, sends, the bus, presence, calls and search (messenger-metrics.ts). */
  messenger: MessengerMetrics;
}

/**
 * One registry per app rather than prom-client's global one: tests build many
 * apps in one process, and a global registry refuses a metric name twice.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loginAttempts = new Counter({
    name: 'login_attempts_total',
    help: 'Login attempts by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  return { registry, httpDuration, loginAttempts, messenger: createMessengerMetrics(registry) };
}
