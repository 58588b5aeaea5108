import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { codesOf, gql, gqlOk, send } from '../sync/support/gql';
import { block, PAGE, PEOPLE } from '../sync/support/world';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

const DIRECT = `query($u: ID!) { direct_thread(user_id: $u) {
  user_id restriction
  thread { thread_id is_group_thread }
  recipient { __typename ... on MessagingUser { id name } ... on Page { id name } }
} }`;

interface Direct {
  user_id: string;
  restriction: string | null;
  thread: { thread_id: string; is_group_thread: boolean } | null;
  recipient: { __typename: string; id: string; name: string } | null;
}

async function direct(live: LiveApp, session: Session, userId: string): Promise<Direct> {
  return (await gqlOk<{ direct_thread: Direct }>(live.app, session, DIRECT, { u: userId }))
    .direct_thread;
}

describe.each(dialects)('direct_thread, the /t/{userId} permalink (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('has no thread before the first message, then the one that message created', async () => {
    const ann = await live.session('ann');
    const before = await direct(live, ann, PEOPLE.dot);
    expect(before).toMatchObject({ user_id: PEOPLE.dot, restriction: null, thread: null });
    expect(before.recipient).toMatchObject({ id: PEOPLE.dot, name: 'Dot Tester' });

    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.dot,
      text: 'first',
      offline_threading_id: 'direct-1',
    });
    const after = await direct(live, ann, PEOPLE.dot);
    expect(after.thread).toEqual({ thread_id: sent.message.thread_id, is_group_thread: false });
    // The other side finds the same thread by the viewer's id.
    const back = await direct(live, await live.session('dot'), PEOPLE.ann);
    expect(back.thread?.thread_id).toBe(sent.message.thread_id);
  });

  it('names a page as the recipient', async () => {
    const found = await direct(live, await live.session('ben'), PAGE);
    expect(found.restriction).toBeNull();
    expect(found.recipient).toMatchObject({ __typename: 'Page', id: PAGE, name: 'Corner Shop' });
  });

  it('says why the viewer cannot write: self, unknown, memorialized, blocked either way', async () => {
    const ann = await live.session('ann');
    expect((await direct(live, ann, PEOPLE.ann)).restriction).toBe('self');
    const unknown = await direct(live, ann, '99999999');
    expect(unknown).toMatchObject({ restriction: 'not_found', recipient: null, thread: null });
    expect((await direct(live, ann, PEOPLE.moe)).restriction).toBe('memorialized');

    await block(live.db, PEOPLE.cal, PEOPLE.ben);
    expect((await direct(live, await live.session('ben'), PEOPLE.cal)).restriction).toBe('blocked');
    expect((await direct(live, await live.session('cal'), PEOPLE.ben)).restriction).toBe(
      'blocking',
    );
  });

  it("never answers with a group, nor with someone else's conversation", async () => {
    const ann = await live.session('ann');
    const cal = await live.session('cal');
    await gqlOk(
      live.app,
      ann,
      `mutation($ids: [ID!]!) { create_group_thread(input: { participant_ids: $ids }) { thread_id } }`,
      { ids: [PEOPLE.ben, PEOPLE.cal] },
    );
    // ann and ben share only a group: no one-to-one thread.
    expect((await direct(live, ann, PEOPLE.ben)).thread).toBeNull();
    // cal is in neither of ann's one-to-one threads: asking about ann finds nothing of them.
    expect((await direct(live, cal, PEOPLE.ann)).thread).toBeNull();
  });

  it('refuses an id that is not digits, and anyone signed out', async () => {
    const ann = await live.session('ann');
    const bad = await gql(live.app, ann, DIRECT, { u: 'abc' });
    expect(codesOf(bad)).toEqual([expect.objectContaining({ code: 'bad_request' })]);
    const anonymous = await gql(live.app, null, DIRECT, { u: PEOPLE.ben });
    expect(codesOf(anonymous).map((e) => e.code)).toContain('unauthenticated');
  });
});
