import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { systemClock } from '../src/context';
import { createTestDb, type TestDb } from './support/test-db';

describe('health endpoints', () => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: testDb.db,
      logger: createLogger('silent'),
      clock: systemClock,
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });

  it('answers 503 on /readyz when the database is gone', async () => {
    const other = await createTestDb('sqlite');
    const broken = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db: other.db,
      logger: createLogger('silent'),
      clock: systemClock,
    });
    await other.dispose();
    expect((await broken.inject('/readyz')).statusCode).toBe(503);
    await broken.close();
  });
});
