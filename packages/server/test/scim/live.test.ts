import { SYNC_CLOSE } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../../src/features/sync/redis-bus';
import { gqlOk } from '../graphql/support';
import { createLogger } from '../../src/logger';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import { PEOPLE } from '../sync/support/world';
import { dialectsUnderTest } from '../support/test-db';
import { PATCH_OP, SCIM_TOKEN, scim } from './support';

const dialects = await dialectsUnderTest();
const redis = await isRedisReachable();
const logger = createLogger('silent');
const env = { SCIM_TOKEN };
/** Longer than any test here: only the bus's note can close the sockets in time. */
const sync = { sessionCheckMs: 10 * 60 * 1000 };

/**
 * Two nodes over Redis on one database: a SCIM change made through node A is
 * watched by sockets already open and settled on both nodes.
 */
describe.skipIf(!redis).each(dialects)('SCIM changes seen live on two nodes (%s)', (dialect) => {
  let nodeA: LiveApp;
  let nodeB: LiveApp;
  beforeAll(async () => {
    const channel = `test:scim:${String(Date.now())}:${String(Math.random())}`;
    nodeA = await startLiveApp(dialect, {
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      env,
      sync,
    });
    nodeB = await startLiveApp(dialect, {
      db: nodeA.db,
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      env,
      sync,
    });
  });
  afterAll(async () => {
    await nodeB.dispose();
    await nodeA.dispose();
  });

  it("a deactivation closes the person's sockets on every node at once, and only theirs", async () => {
    const dotOnA = await nodeA.socket('dot');
    await dotOnA.hello(0);
    const dotOnB = await nodeB.socket('dot');
    await dotOnB.hello(0);
    const benOnB = await nodeB.socket('ben');
    await benOnB.hello(0);
    const calOnA = await nodeA.socket('cal');
    await calOnA.hello(0);

    const off = await scim(nodeA.app, 'PATCH', `/scim/v2/Users/${PEOPLE.dot}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.statusCode).toBe(200);
    const [closedA, closedB] = await Promise.all([dotOnA.closed, dotOnB.closed]);
    expect(closedA.code).toBe(SYNC_CLOSE.unauthenticated);
    expect(closedB.code).toBe(SYNC_CLOSE.unauthenticated);
    expect(benOnB.isClosed).toBeNull();
    // Ben is dot's friend: his sidebar is told to read itself again; cal, a stranger, hears nothing.
    await benOnB.waitFor((f) => f.type === 'delta' && f.delta.kind === 'graph_changed');
    expect(calOnA.deltas('graph_changed')).toEqual([]);
    // A new socket with the old cookie is refused too.
    const again = await nodeB.socket('dot');
    expect((await again.closed).code).toBe(SYNC_CLOSE.unauthenticated);
    // Their friends see them as deactivated.
    const sidebar = await gqlOk<{
      viewer: {
        chat_sidebar_preload: { shortProfiles: { id: string; is_deactivated: boolean }[] };
      };
    }>(
      nodeA.app,
      await nodeA.session('ann'),
      'query { viewer { chat_sidebar_preload { shortProfiles { id is_deactivated } } } }',
    );
    const profiles = sidebar.viewer.chat_sidebar_preload.shortProfiles;
    expect(profiles.find((p) => p.id === PEOPLE.dot)?.is_deactivated).toBe(true);
    expect(profiles.find((p) => p.id === PEOPLE.ben)?.is_deactivated).toBe(false);
  });

  it('a SCIM group is a group conversation its members see arrive, change and go', async () => {
    const annOnB = await nodeB.socket('ann');
    await annOnB.hello(0);
    const benOnA = await nodeA.socket('ben');
    await benOnA.hello(0);
    const created = await scim(nodeA.app, 'POST', '/scim/v2/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Tour Guides',
      externalId: 'tour-guides',
      members: [{ value: PEOPLE.ann }, { value: PEOPLE.ben }],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json<{
      id: string;
      meta: { version: string };
      members: { value: string }[];
    }>();
    expect(group.members.map((m) => m.value).sort()).toEqual([PEOPLE.ann, PEOPLE.ben].sort());
    const arrived = await annOnB.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'thread_updated' &&
        f.delta.thread.thread_id === group.id,
    );
    expect(arrived).toMatchObject({
      delta: { thread: { name: 'Tour Guides', kind: 'group', folder: 'INBOX' } },
    });

    const listed = await scim(
      nodeB.app,
      'GET',
      `/scim/v2/Groups?filter=${encodeURIComponent('displayName eq "tour guides"')}`,
    );
    expect(listed.json()).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });

    const from = benOnA.frames.length;
    const removed = await scim(
      nodeA.app,
      'PATCH',
      `/scim/v2/Groups/${group.id}`,
      {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'remove', path: `members[value eq "${PEOPLE.ben}"]` },
          { op: 'add', path: 'members', value: [{ value: PEOPLE.cal }] },
        ],
      },
      { 'if-match': group.meta.version },
    );
    expect(removed.statusCode).toBe(200);
    expect(
      removed
        .json<{ members: { value: string }[] }>()
        .members.map((m) => m.value)
        .sort(),
    ).toEqual([PEOPLE.ann, PEOPLE.cal].sort());
    await benOnA.waitFor(
      (f) =>
        f.type === 'delta' && f.delta.kind === 'thread_removed' && f.delta.thread_id === group.id,
      from,
    );
    const stale = await scim(
      nodeA.app,
      'PUT',
      `/scim/v2/Groups/${group.id}`,
      { displayName: 'Stale' },
      { 'if-match': group.meta.version },
    );
    expect(stale.statusCode).toBe(412);
    const unknownMember = await scim(nodeA.app, 'PATCH', `/scim/v2/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: '999999999' }] }],
    });
    expect(unknownMember.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });

    const annFrom = annOnB.frames.length;
    expect((await scim(nodeA.app, 'DELETE', `/scim/v2/Groups/${group.id}`)).statusCode).toBe(204);
    await annOnB.waitFor(
      (f) =>
        f.type === 'delta' && f.delta.kind === 'thread_removed' && f.delta.thread_id === group.id,
      annFrom,
    );
    expect((await scim(nodeA.app, 'GET', `/scim/v2/Groups/${group.id}`)).statusCode).toBe(404);
  });
});
