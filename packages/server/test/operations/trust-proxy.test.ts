import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { MATRIX, PASSWORD, seedMatrix } from '../support/people';
import { createTestApp, type TestApp } from '../support/session';

const BALANCER = '10.0.0.5';

/** A login as the balancer passes it on: from the balancer's address, the client's in X-Forwarded-For. */
const loginVia = (t: TestApp, client: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: BALANCER,
    headers: { 'x-forwarded-for': client },
    payload: { username: MATRIX.work.username, password },
  });

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count and a list of addresses or ranges', () => {
    const trust = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming the variable and the entry', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'balancer.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY.*10\.0\.0\.0\/33/,
    );
  });

  it('off by default: every client behind the balancer shares one login limit', async () => {
    const t = await createTestApp('sqlite', { LOGIN_RATE_LIMIT: '2' }, seedMatrix);
    try {
      expect((await loginVia(t, '203.0.113.1', 'wrong')).statusCode).toBe(401);
      expect((await loginVia(t, '203.0.113.1', 'wrong')).statusCode).toBe(401);
      // The header is not believed: another client is the same address, already limited.
      expect((await loginVia(t, '203.0.113.2', PASSWORD)).statusCode).toBe(429);
    } finally {
      await t.dispose();
    }
  });

  it("trusting the balancer, each client's own address has its own login limit", async () => {
    const t = await createTestApp(
      'sqlite',
      { LOGIN_RATE_LIMIT: '2', TRUST_PROXY: `${BALANCER}/32` },
      seedMatrix,
    );
    try {
      expect((await loginVia(t, '203.0.113.1', 'wrong')).statusCode).toBe(401);
      expect((await loginVia(t, '203.0.113.1', 'wrong')).statusCode).toBe(401);
      expect((await loginVia(t, '203.0.113.1', PASSWORD)).statusCode).toBe(429);
      expect((await loginVia(t, '203.0.113.2', PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.dispose();
    }
  });

  it('believes only the listed balancer: a client sending the header itself is still its own address', async () => {
    const t = await createTestApp(
      'sqlite',
      { LOGIN_RATE_LIMIT: '1', TRUST_PROXY: '10.9.9.9' },
      seedMatrix,
    );
    try {
      expect((await loginVia(t, '203.0.113.1', 'wrong')).statusCode).toBe(401);
      expect((await loginVia(t, '203.0.113.2', PASSWORD)).statusCode).toBe(429);
    } finally {
      await t.dispose();
    }
  });
});
