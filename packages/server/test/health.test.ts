import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeApp, type RuntimeApp } from './support/runtime';
import { createTestDb, type TestDb } from './support/test-db';

describe('health endpoints', () => {
  let testDb: TestDb;
  let node: RuntimeApp;

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    node = await createRuntimeApp(testDb.db);
  });
  afterAll(async () => {
    await node.close();
    await testDb.dispose();
  });

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await node.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await node.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });

  it('answers 503 on /readyz when the database is gone', async () => {
    const other = await createTestDb('sqlite');
    const broken = await createRuntimeApp(other.db);
    await other.dispose();
    expect((await broken.app.inject('/readyz')).statusCode).toBe(503);
    await broken.close();
  });
});
