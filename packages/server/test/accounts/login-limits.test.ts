import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { openRedis } from '../../src/storage/redis';
import { createRuntimeApp, type RuntimeApp } from '../support/runtime';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import { MATRIX, PASSWORD, seedMatrix } from '../support/people';
import { createTestApp, type TestApp } from '../support/session';
import { createTestDb, type TestDb } from '../support/test-db';

/*
 * Issue 30 finding 4: login was limited per address *and* username only, so one
 * address sprayed 100 passwords over 25 accounts in a second, and each node
 * counted on its own.
 */

const attempt = (app: FastifyInstance, username: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress,
    payload: { username, password: 'not-the-password' },
  });

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.dispose()));
});
async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp('sqlite', env, seedMatrix);
  apps.push(t);
  return t;
}

describe('login limits', () => {
  it('stops one address spraying passwords over many accounts (defaults)', async () => {
    // The harness lifts the limits for other suites: back to the shipped defaults here.
    const defaults = loadConfig({});
    const t = await app({
      LOGIN_RATE_LIMIT: String(defaults.loginRateLimitPerMinute),
      LOGIN_ADDRESS_RATE_LIMIT: String(defaults.loginAddressRateLimitPerMinute),
      LOGIN_USERNAME_RATE_LIMIT: String(defaults.loginUsernameRateLimitPerMinute),
    });
    expect(defaults.loginAddressRateLimitPerMinute).toBe(30);
    const codes: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      codes.push((await attempt(t.app, `account${String(i % 25)}`)).statusCode);
    }
    // The address limit (30 a minute) holds, whatever the usernames.
    expect(codes.filter((c) => c === 401)).toHaveLength(30);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    const refused = await attempt(t.app, MATRIX.ordinary.username);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toContain('from this address');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still logs in.
    const other = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.1.2.3',
      payload: { username: MATRIX.ordinary.username, password: PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  });

  it('follows LOGIN_ADDRESS_RATE_LIMIT', async () => {
    const t = await app({ LOGIN_ADDRESS_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(t.app, `u${String(i)}`)).statusCode).toBe(401);
    expect((await attempt(t.app, 'u9')).statusCode).toBe(429);
  });

  it('limits one username across addresses (LOGIN_USERNAME_RATE_LIMIT)', async () => {
    const t = await app({ LOGIN_USERNAME_RATE_LIMIT: '4' });
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt(t.app, MATRIX.work.username, `10.0.0.${String(i)}`)).statusCode).toBe(
        401,
      );
    }
    const fifth = await attempt(t.app, MATRIX.work.username, '10.0.0.99');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json<{ error: { message: string } }>().error.message).toContain(
      'for this username',
    );
    // Other usernames from those addresses are untouched.
    expect((await attempt(t.app, MATRIX.coworker.username, '10.0.0.1')).statusCode).toBe(401);
  });

  it('a refused attempt does not count towards the username limit', async () => {
    // One address blocked by its own limit cannot use up a person's username allowance.
    const t = await app({ LOGIN_ADDRESS_RATE_LIMIT: '2', LOGIN_USERNAME_RATE_LIMIT: '3' });
    for (let i = 0; i < 10; i += 1) await attempt(t.app, MATRIX.work.username, '10.9.9.9');
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: '10.8.8.8',
      payload: { username: MATRIX.work.username, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe.runIf(await isRedisReachable())('login limits shared through Redis', () => {
  let db: TestDb | undefined;
  const nodes: RuntimeApp[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await db?.dispose();
  });

  it('counts the attempts of every node together', async () => {
    db = await createTestDb('sqlite');
    await seedMatrix(db.db);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_CHANNEL: `messenger:limits:${randomBytes(6).toString('hex')}`,
      LOGIN_RATE_LIMIT: '4',
    };
    for (let i = 0; i < 2; i += 1) {
      const logger = createLogger('silent');
      nodes.push(
        await createRuntimeApp(db.db, env, {
          logger,
          redis: openRedis(TEST_REDIS_URL, logger, 'test limits'),
        }),
      );
    }
    const [a, b] = nodes.map((n) => n.app) as [FastifyInstance, FastifyInstance];
    expect((await attempt(a, MATRIX.work.username)).statusCode).toBe(401);
    expect((await attempt(b, MATRIX.work.username)).statusCode).toBe(401);
    expect((await attempt(a, MATRIX.work.username)).statusCode).toBe(401);
    expect((await attempt(b, MATRIX.work.username)).statusCode).toBe(401);
    // The fifth attempt, on either node, is over the limit of four.
    expect((await attempt(a, MATRIX.work.username)).statusCode).toBe(429);
    expect((await attempt(b, MATRIX.work.username)).statusCode).toBe(429);
  });
});
