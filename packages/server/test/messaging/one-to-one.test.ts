import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { codesOf, gql, gqlOk, send } from '../sync/support/gql';
import { PAGE, PEOPLE } from '../sync/support/world';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

const LOOKUP = `query($user: ID!) { one_to_one_thread(user_id: $user) { thread_id name } }`;

interface Lookup {
  one_to_one_thread: { thread_id: string; name: string } | null;
}

async function lookup(
  live: LiveApp,
  session: Session,
  user: string,
): Promise<Lookup['one_to_one_thread']> {
  const data = await gqlOk<Lookup>(live.app, session, LOOKUP, { user });
  return data.one_to_one_thread;
}

describe.each(dialects)('one_to_one_thread (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('is null until the first message to the person, then the same thread from both sides', async () => {
    const ann = await live.session('ann');
    const dot = await live.session('dot');
    expect(await lookup(live, ann, PEOPLE.dot)).toBeNull();
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.dot,
      text: 'first words',
      offline_threading_id: 'o2o-1',
    });
    const fromAnn = await lookup(live, ann, PEOPLE.dot);
    expect(fromAnn).toEqual({ thread_id: sent.message.thread_id, name: 'Dot Tester' });
    const fromDot = await lookup(live, dot, PEOPLE.ann);
    expect(fromDot?.thread_id).toBe(sent.message.thread_id);
  });

  it('finds the thread with a page the same way', async () => {
    const ben = await live.session('ben');
    expect(await lookup(live, ben, PAGE)).toBeNull();
    const sent = await send(live.app, ben, {
      recipient_id: PAGE,
      text: 'open on sunday?',
      offline_threading_id: 'o2o-page',
    });
    expect((await lookup(live, ben, PAGE))?.thread_id).toBe(sent.message.thread_id);
  });

  it("never answers with a group, nor with someone else's conversation", async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const cal = await live.session('cal');
    await gqlOk(
      live.app,
      ann,
      `mutation($ids: [ID!]!) { create_group_thread(input: { participant_ids: $ids }) { thread_id } }`,
      { ids: [PEOPLE.ben, PEOPLE.dot] },
    );
    // ann and ben share only a group: no one-to-one thread yet.
    expect(await lookup(live, ann, PEOPLE.ben)).toBeNull();
    // cal is in neither conversation: asking about ann finds nothing of ann and dot's.
    expect(await lookup(live, cal, PEOPLE.ann)).toBeNull();
    expect(await lookup(live, cal, PEOPLE.dot)).toBeNull();
    // The viewer's own id is not a conversation partner.
    expect(await lookup(live, ann, PEOPLE.ann)).toBeNull();
    expect(await lookup(live, ben, PEOPLE.ben)).toBeNull();
  });

  it('refuses a malformed id and an anonymous caller', async () => {
    const ann = await live.session('ann');
    expect(codesOf(await gql(live.app, ann, LOOKUP, { user: 'not-an-id' }))).toEqual([
      { code: 'bad_request', field: 'user_id' },
    ]);
    expect(codesOf(await gql(live.app, null, LOOKUP, { user: PEOPLE.dot }))[0]?.code).toBe(
      'unauthenticated',
    );
  });
});
