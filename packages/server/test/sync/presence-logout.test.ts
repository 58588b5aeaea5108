import { SYNC_CLOSE, type ServerFrame } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../../src/features/sync/redis-bus';
import { createLogger } from '../../src/logger';
import { PASSWORD } from '../support/people';
import { asSession, login } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import { isRedisReachable, TEST_REDIS_URL } from './support/redis';
import { pause, SyncClient } from './support/socket';
import { PEOPLE, username } from './support/world';

const dialects = await dialectsUnderTest();
const redis = await isRedisReachable();
const logger = createLogger('silent');

/** Issue 31: a friend's logout reaches an open page within a second. */
const LIVE_WITHIN_MS = 1_000;
/**
 * Far longer than the test waits: an OFFLINE seen within a second can only
 * come from the logout, not from the reload grace or the periodic session check.
 */
const SLOW = { presenceOfflineGraceMs: 60_000, sessionCheckMs: 60_000, presenceSweepMs: 60_000 };

const statusOf = (userId: string, status: string) => (f: ServerFrame) =>
  f.type === 'presence' && f.user_id === userId && f.status === status;

async function connect(node: LiveApp, cookie: string): Promise<SyncClient> {
  const socket = await SyncClient.connect(node.syncUrl, { cookie });
  await socket.hello(0);
  return socket;
}

describe.each(dialects)('logout and presence (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect, { sync: SLOW });
  });
  afterAll(async () => {
    await live.dispose();
  });

  it("closes the session's sockets and shows its person OFFLINE to friends at once", async () => {
    const ben = await live.socket('ben');
    await ben.hello(0);
    const session = await login(live.app, username('ann'), PASSWORD);
    const ann = await connect(live, session.cookie);
    const annOtherTab = await connect(live, session.cookie);
    await ben.waitFor(statusOf(PEOPLE.ann, 'ACTIVE'));

    const mark = ben.frames.length;
    const started = performance.now();
    await asSession(live.app, session, { method: 'POST', url: '/auth/logout' });
    expect(await ann.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
    expect(await annOtherTab.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
    await ben.waitFor(statusOf(PEOPLE.ann, 'OFFLINE'), mark, LIVE_WITHIN_MS);
    expect(performance.now() - started).toBeLessThan(LIVE_WITHIN_MS);
  });

  it('keeps a person ACTIVE while another of their sessions is open', async () => {
    const dot = await live.socket('dot');
    await dot.hello(0);
    const first = await login(live.app, username('ben'), PASSWORD);
    const second = await login(live.app, username('ben'), PASSWORD);
    const kept = await connect(live, second.cookie);
    const ended = await connect(live, first.cookie);
    await dot.waitFor(statusOf(PEOPLE.ben, 'ACTIVE'));

    const mark = dot.frames.length;
    await asSession(live.app, first, { method: 'POST', url: '/auth/logout' });
    expect(await ended.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
    await pause(300);
    expect(dot.frames.slice(mark).some(statusOf(PEOPLE.ben, 'OFFLINE'))).toBe(false);
    expect(kept.isClosed).toBeNull();
  });
});

describe.skipIf(!redis).each(dialects)('logout across two nodes over Redis (%s)', (dialect) => {
  let nodeA: LiveApp;
  let nodeB: LiveApp;
  beforeAll(async () => {
    const channel = `test:logout:${String(Date.now())}:${String(Math.random())}`;
    nodeA = await startLiveApp(dialect, {
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      sync: SLOW,
    });
    nodeB = await startLiveApp(dialect, {
      db: nodeA.db,
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      sync: SLOW,
    });
  });
  afterAll(async () => {
    await nodeB.dispose();
    await nodeA.dispose();
  });

  it("closes the session's socket on the other node and tells friends there at once", async () => {
    const benOnA = await nodeA.socket('ben');
    await benOnA.hello(0);
    const session = await login(nodeA.app, username('ann'), PASSWORD);
    const annOnB = await connect(nodeB, session.cookie);
    await benOnA.waitFor(statusOf(PEOPLE.ann, 'ACTIVE'));

    const mark = benOnA.frames.length;
    const started = performance.now();
    // Logged out through node A; the socket is on node B.
    await asSession(nodeA.app, session, { method: 'POST', url: '/auth/logout' });
    expect(await annOnB.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
    await benOnA.waitFor(statusOf(PEOPLE.ann, 'OFFLINE'), mark, LIVE_WITHIN_MS);
    expect(performance.now() - started).toBeLessThan(LIVE_WITHIN_MS);
  });
});
