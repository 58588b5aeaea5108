import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAdminToken } from '../../src/features/network/routes';
import { createRuntimeApp, type RuntimeApp } from '../support/runtime';
import { createTestDb, dialectsUnderTest, type TestDb } from '../support/test-db';
import { exampleWithBadAccount, loadExample, rowCount } from './support';

const TOKEN = 'test-admin-token-0123456789';
const dialects = await dialectsUnderTest();

function appWith(testDb: TestDb, env: Record<string, string>): Promise<RuntimeApp> {
  return createRuntimeApp(testDb.db, env, { clock: { now: () => Date.UTC(2030, 0, 1) } });
}

describe('isAdminToken', () => {
  it('accepts only the exact bearer token', () => {
    expect(isAdminToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isAdminToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isAdminToken(undefined, TOKEN)).toBe(false);
    expect(isAdminToken(TOKEN, TOKEN)).toBe(false);
    expect(isAdminToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(isAdminToken(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(isAdminToken('Bearer ', TOKEN)).toBe(false);
  });
});

describe.each(dialects)('POST /admin/import on %s', (dialect) => {
  let testDb: TestDb;
  let node: RuntimeApp;
  beforeEach(async () => {
    testDb = await createTestDb(dialect);
    node = await appWith(testDb, { ADMIN_TOKEN: TOKEN });
  });
  afterEach(async () => {
    await node.close();
    await testDb.dispose();
  });

  const post = (body: unknown, authorization?: string) =>
    node.app.inject({
      method: 'POST',
      url: '/admin/import',
      headers: authorization === undefined ? {} : { authorization },
      payload: body as Record<string, unknown>,
    });

  it('answers 401 without a token or with a wrong one, and writes nothing', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await post(loadExample(), authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
    expect(await rowCount(testDb.db, 'people')).toBe(0);
  });

  it('answers 400 naming the path of the first problem, and writes nothing', async () => {
    const response = await post(exampleWithBadAccount(3), `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_network',
        message: 'people[3].account: expected "personal" or "work"',
        field: 'people[3].account',
      },
    });
    expect(await rowCount(testDb.db, 'people')).toBe(0);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await node.app.inject({
      method: 'POST',
      url: '/admin/import',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: '{"format": "messenger-network/1", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_network' } });
  });

  it('imports a valid file and answers the counts', async () => {
    const file = loadExample();
    const response = await post(file, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      imported: { people: file.people.length, threads: file.threads.length },
    });
    expect(await rowCount(testDb.db, 'people')).toBe(file.people.length);
  });

  it('takes bodies far above the default limit', async () => {
    const file = loadExample();
    // Pad the file past the app-wide 1 MB limit with a key the format ignores.
    const response = await post(
      { ...file, padding: 'x'.repeat(3 * 1024 * 1024) },
      `Bearer ${TOKEN}`,
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /admin/import without ADMIN_TOKEN', () => {
  it('answers 403: the admin API is off', async () => {
    const testDb = await createTestDb('sqlite');
    const plain = await appWith(testDb, {});
    const { app } = plain;
    const response = await app.inject({
      method: 'POST',
      url: '/admin/import',
      headers: { authorization: 'Bearer anything-at-all-0123' },
      payload: loadExample(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'admin_disabled' } });
    expect(await rowCount(testDb.db, 'people')).toBe(0);
    await plain.close();
    await testDb.dispose();
  });
});
