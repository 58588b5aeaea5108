import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createMetrics } from '../../src/features/observability/metrics';
import { startMetricsListener } from '../../src/features/observability/plugin';
import { createTestApp, type TestApp } from '../support/session';

/* Issue 30 finding 7: /metrics was public. */

const TOKEN = 'a-metrics-token-0123456789';
const apps: TestApp[] = [];

afterAll(async () => {
  await Promise.all(apps.map((t) => t.dispose()));
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp('sqlite', env);
  apps.push(t);
  return t;
}

describe('/metrics access', () => {
  it('is not served on the public listener by default', async () => {
    const t = await app({});
    const response = await t.app.inject('/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('process_cpu');
  });

  it('answers only the bearer token with METRICS_TOKEN', async () => {
    const t = await app({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Basic ${TOKEN}`,
      'Bearer ',
    ]) {
      const response = await t.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.body).not.toContain('process_cpu');
    }
    const ok = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves it on METRICS_LISTEN alone, without a token', async () => {
    const config = loadConfig({ METRICS_LISTEN: '127.0.0.1:0' });
    expect(config.metricsListen).toEqual({ host: '127.0.0.1', port: 0 });
    const metrics = createMetrics();
    const { server, url } = await startMetricsListener(
      metrics,
      config.metricsListen ?? { host: '127.0.0.1', port: 0 },
      createLogger('silent'),
    );
    try {
      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('process_cpu_user_seconds_total');
      // Nothing else lives there.
      expect((await fetch(`${url}/graphql`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses a METRICS_LISTEN that is not host:port and a short token', () => {
    expect(() => loadConfig({ METRICS_LISTEN: '9464' })).toThrow(/METRICS_LISTEN/);
    expect(() => loadConfig({ METRICS_LISTEN: '127.0.0.1:99999' })).toThrow(/METRICS_LISTEN/);
    expect(loadConfig({ METRICS_LISTEN: '[::1]:9464' }).metricsListen).toEqual({
      host: '::1',
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
