import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX, PASSWORD, seedMatrix } from '../support/people';
import { createTestApp, type TestApp } from '../support/session';

/** /metrics is served on the public listener only to this bearer token (security/metrics-access.test.ts). */
const METRICS_TOKEN = 'metrics-token-for-tests';

describe('GET /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_TOKEN }, seedMatrix);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("states the server's own time of every response in a Server-Timing header", async () => {
    for (const url of ['/readyz']) {
      const response = await t.app.inject(url);
      const header = String(response.headers['server-timing']);
      const match = /^app;dur=(\d+\.\d{2})$/.exec(header);
      expect(match, `${url}: ${header}`).not.toBeNull();
      expect(Number(match?.[1])).toBeGreaterThanOrEqual(0);
    }
  });

  it('exposes the request duration histogram by route and status, and login attempts', async () => {
    await t.app.inject('/healthz');
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: MATRIX.ordinary.username, password: PASSWORD },
    });
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: MATRIX.ordinary.username, password: 'wrong' },
    });
    await t.app.inject('/no/such/path/12345');

    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/auth\/login",status_code="401"\} 1/,
    );
    // Unmatched URLs share one label value: no label per raw path.
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/login_attempts_total\{outcome="success"\} 1/);
    expect(text).toMatch(/login_attempts_total\{outcome="invalid_credentials"\} 1/);
    // prom-client's default process metrics.
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});
