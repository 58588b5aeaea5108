import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import { failing, gqlOk } from '../sync/support/gql';
import { PEOPLE, viewerOf } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const REACT = `mutation($m: ID!, $e: String) {
  set_message_reaction(message_id: $m, emoji: $e) { message_id thread_id reactions { user_id emoji } }
}`;
const HISTORY = `query($id: ID!) {
  thread_messages(thread_id: $id, last: 50) { edges { node { id reactions { user_id emoji } } } }
}`;
const LAST_REACTION = `query($id: ID!) {
  message_thread(thread_fbid: $id) { last_reaction { actor_id emoji message_id message_sender_id at } }
}`;

interface Reactions {
  set_message_reaction: { reactions: { user_id: string; emoji: string }[] };
}

describe.each(dialects)('reactions (%s)', (dialect) => {
  let live: LiveApp;
  let threadId: string;
  let messageId: string;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
    const ann = await viewerOf(live.db, PEOPLE.ann);
    const sent = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'react to me',
      offline_threading_id: 'r-1',
    });
    threadId = sent.message.thread_id;
    messageId = sent.message.id;
  });
  afterAll(async () => {
    await live.dispose();
  });

  const react = async (who: 'ann' | 'ben' | 'cal', emoji: string | null) =>
    (await gqlOk<Reactions>(live.app, await live.session(who), REACT, { m: messageId, e: emoji }))
      .set_message_reaction.reactions;

  it('gives, changes and removes one reaction per person, each a delta to both', async () => {
    const annBefore = (await logOf(live.db, PEOPLE.ann)).length;
    expect(await react('ben', '❤️')).toEqual([{ user_id: PEOPLE.ben, emoji: '❤️' }]);
    expect(await react('ann', '👍')).toEqual([
      { user_id: PEOPLE.ben, emoji: '❤️' },
      { user_id: PEOPLE.ann, emoji: '👍' },
    ]);
    // Changing replaces: still one reaction of Ben's.
    const changed = await react('ben', '😆');
    expect(changed.filter((r) => r.user_id === PEOPLE.ben)).toEqual([
      { user_id: PEOPLE.ben, emoji: '😆' },
    ]);
    expect(changed).toHaveLength(2);
    const annLog = await logOf(live.db, PEOPLE.ann);
    expect(annLog.length - annBefore).toBe(3);
    expect(annLog.at(-1)?.delta).toMatchObject({
      kind: 'message_reactions',
      thread_id: threadId,
      message_id: messageId,
      actor_id: PEOPLE.ben,
      emoji: '😆',
      message_sender_id: PEOPLE.ann,
    });
    // The history and the thread's newest reaction say the same.
    const history = await gqlOk<{
      thread_messages: { edges: { node: { id: string; reactions: unknown[] } }[] };
    }>(live.app, await live.session('ben'), HISTORY, { id: threadId });
    expect(
      history.thread_messages.edges.find((e) => e.node.id === messageId)?.node.reactions,
    ).toEqual(changed);
    const last = await gqlOk<{
      message_thread: { last_reaction: { actor_id: string; emoji: string } };
    }>(live.app, await live.session('ann'), LAST_REACTION, { id: threadId });
    expect(last.message_thread.last_reaction).toMatchObject({
      actor_id: PEOPLE.ben,
      emoji: '😆',
      message_sender_id: PEOPLE.ann,
    });
    // Removing leaves only Ann's.
    expect(await react('ben', null)).toEqual([{ user_id: PEOPLE.ann, emoji: '👍' }]);
  });

  it('is idempotent: the same reaction again writes no delta', async () => {
    await react('ann', '😮');
    const before = await snapshotCounts(live.db);
    expect(await react('ann', '😮')).toContainEqual({ user_id: PEOPLE.ann, emoji: '😮' });
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('refuses a stranger as no such message, and a non-emoji naming the field, writing nothing', async () => {
    const before = await snapshotCounts(live.db);
    expect(
      await failing(live.app, await live.session('cal'), REACT, { m: messageId, e: '❤️' }),
    ).toEqual([{ code: 'not_found', field: 'message_id' }]);
    expect(
      await failing(live.app, await live.session('ben'), REACT, { m: messageId, e: 'lol' }),
    ).toEqual([{ code: 'bad_request', field: 'emoji' }]);
    expect(
      await failing(live.app, await live.session('ben'), REACT, { m: 'mid.1.999', e: '❤️' }),
    ).toEqual([{ code: 'not_found', field: 'message_id' }]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });
});
