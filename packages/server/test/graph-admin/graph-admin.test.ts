import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk } from '../graphql/support';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { PAGE, PEOPLE } from '../sync/support/world';
import { dialectsUnderTest } from '../support/test-db';

const dialects = await dialectsUnderTest();
const ADMIN_TOKEN = 'graph-admin-token-0123456789';

const SIDEBAR = `query { viewer { chat_sidebar_preload { shortProfiles { id } } } }`;

interface SidebarResult {
  viewer: {
    chat_sidebar_preload: {
      shortProfiles: { id: string }[];
    };
  };
}

describe.each(dialects)('POST /admin/graph on %s', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect, { env: { ADMIN_TOKEN } });
  });
  afterAll(async () => {
    await live.dispose();
  });

  const post = (body: unknown, token = ADMIN_TOKEN) =>
    live.app.inject({
      method: 'POST',
      url: '/admin/graph',
      headers: { authorization: `Bearer ${token}` },
      payload: body as Record<string, unknown>,
    });

  const friendsOf = async (name: 'ann' | 'cal' | 'eve'): Promise<string[]> => {
    const data = await gqlOk<SidebarResult>(live.app, await live.session(name), SIDEBAR);
    return data.viewer.chat_sidebar_preload.shortProfiles.map((p) => p.id);
  };

  it('refuses a wrong token (401) and a bad batch (400 naming the change), writing nothing', async () => {
    const friendship = {
      op: 'add',
      type: 'friendship',
      person_id: PEOPLE.ann,
      other_id: PEOPLE.cal,
    };
    const wrong = await post({ changes: [friendship] }, 'wrong-token-0123456789');
    expect(wrong.statusCode).toBe(401);
    const unknown = await post({
      changes: [
        friendship,
        { op: 'add', type: 'block', person_id: PEOPLE.cal, other_id: '999999' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: { code: 'bad_request', field: 'changes[1].other_id' },
    });
    const malformed = await post({ changes: [{ ...friendship, type: 'enemy' }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: { field: string } }>().error.field).toMatch(/^changes\[0\]/);
    expect(await friendsOf('ann')).not.toContain(PEOPLE.cal);
  });

  it("adds and removes a friendship, and both people's open sockets hear it", async () => {
    const ann = await live.socket('ann');
    await ann.hello(0);
    const cal = await live.socket('cal');
    await cal.hello(0);
    const dot = await live.socket('dot');
    await dot.hello(0);
    const added = await post({
      changes: [{ op: 'add', type: 'friendship', person_id: PEOPLE.ann, other_id: PEOPLE.cal }],
    });
    expect(added.json()).toEqual({ applied: 1, notified: 2 });
    for (const socket of [ann, cal]) {
      const frame = await socket.waitFor(
        (f) => f.type === 'delta' && f.delta.kind === 'graph_changed',
      );
      expect(frame).toMatchObject({ delta: { kind: 'graph_changed', aspects: ['friends'] } });
    }
    expect(await friendsOf('ann')).toContain(PEOPLE.cal);
    expect(await friendsOf('cal')).toContain(PEOPLE.ann);

    const annFrom = ann.frames.length;
    // Adding it again changes nobody's lists: nobody is told.
    expect(
      (
        await post({
          changes: [{ op: 'add', type: 'friendship', person_id: PEOPLE.cal, other_id: PEOPLE.ann }],
        })
      ).json(),
    ).toEqual({ applied: 1, notified: 0 });
    await post({
      changes: [{ op: 'remove', type: 'friendship', person_id: PEOPLE.cal, other_id: PEOPLE.ann }],
    });
    const removed = await ann.waitFor(
      (f) => f.type === 'delta' && f.delta.kind === 'graph_changed',
      annFrom,
    );
    expect(removed).toMatchObject({ delta: { aspects: ['friends'] } });
    expect(ann.deltas('graph_changed')).toHaveLength(2);
    expect(await friendsOf('ann')).not.toContain(PEOPLE.cal);
    expect(dot.deltas('graph_changed')).toHaveLength(0);
  });

  it('blocks, creates a page with an admin, and removes it, in one batch each', async () => {
    const eve = await live.socket('eve');
    await eve.hello(0);
    const batch = await post({
      changes: [
        { op: 'add', type: 'block', person_id: PEOPLE.eve, other_id: PEOPLE.cal },
        { op: 'add', type: 'page', page_id: '8299', name: 'Night Market', category: 'PAGE' },
        { op: 'add', type: 'page_admin', page_id: '8299', person_id: PEOPLE.eve },
      ],
    });
    expect(batch.json()).toEqual({ applied: 3, notified: 2 });
    const frame = await eve.waitFor((f) => f.type === 'delta' && f.delta.kind === 'graph_changed');
    expect(frame).toMatchObject({ delta: { aspects: ['blocks', 'pages'] } });
    const admins = await live.db.kysely
      .selectFrom('page_admins')
      .select('page_id')
      .where('person_id', '=', PEOPLE.eve)
      .execute();
    expect(admins.map((a) => a.page_id).sort()).toEqual([PAGE, '8299'].sort());
    const blocks = await live.db.kysely
      .selectFrom('blocks')
      .selectAll()
      .where('blocker_id', '=', PEOPLE.eve)
      .execute();
    expect(blocks).toEqual([{ blocker_id: PEOPLE.eve, blocked_id: PEOPLE.cal }]);

    const noName = await post({ changes: [{ op: 'add', type: 'page', page_id: '8298' }] });
    expect(noName.json()).toMatchObject({ error: { field: 'changes[0].name' } });
    const from = eve.frames.length;
    await post({ changes: [{ op: 'remove', type: 'page', page_id: '8299' }] });
    await eve.waitFor((f) => f.type === 'delta' && f.delta.kind === 'graph_changed', from);
    const left = await live.db.kysely
      .selectFrom('page_admins')
      .select('page_id')
      .where('person_id', '=', PEOPLE.eve)
      .execute();
    expect(left.map((a) => a.page_id)).toEqual([PAGE]);
  });
});
