import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RosterCache } from '../../src/features/messaging/roster-cache';
import type { ParticipantRecord } from '../../src/features/messaging/repo';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf } from '../sync/support/counts';
import { SEND, THREAD_STATE_FIELDS, failing, gqlOk, send } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const CREATE = `mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { thread_id } }`;
const ADD = `mutation($id: ID!, $p: [ID!]!) { add_thread_participants(thread_id: $id, participant_ids: $p) { ${THREAD_STATE_FIELDS} } }`;
const REMOVE = `mutation($id: ID!, $p: ID!) { remove_thread_participant(thread_id: $id, participant_id: $p) { ${THREAD_STATE_FIELDS} } }`;
const IGNORE = `mutation($id: ID!) { ignore_message_request(thread_id: $id) }`;

/** The texts of a thread's messages in a person's delta log, in order. */
async function textsReceived(live: LiveApp, userId: string, threadId: string): Promise<string[]> {
  const log = await logOf(live.db, userId);
  return log.flatMap(({ delta }) => {
    if (delta.kind !== 'message_new') return [];
    const { message } = delta as unknown as { message: { thread_id: string; text: string } };
    return message.thread_id === threadId ? [message.text] : [];
  });
}

describe('RosterCache', () => {
  const row = (threadId: string): ParticipantRecord => ({
    thread_id: threadId,
    participant_id: '1',
    participant_kind: 'person',
    folder: 'INBOX',
    nickname: null,
    last_read_seq: 0,
    last_delivered_seq: 0,
    hidden: 0,
    joined_at: 0,
  });

  it('holds a version per thread and lets the least recently used go past its capacity', () => {
    const cache = new RosterCache(2);
    expect(cache.versionOf('a')).toBe(-1);
    cache.remember('a', 0, [row('a')]);
    cache.remember('b', 3, [row('b')]);
    expect(cache.rows('a')).toEqual([row('a')]);
    cache.remember('c', 1, []);
    expect(cache.size).toBe(2);
    expect(cache.versionOf('b')).toBe(-1);
    expect(cache.rows('b')).toBeUndefined();
    expect(cache.versionOf('a')).toBe(0);
    cache.remember('a', 5, []);
    expect([cache.versionOf('a'), cache.rows('a')]).toEqual([5, []]);
    expect(cache.versionOf('c')).toBe(1);
  });
});

/**
 * On PostgreSQL a node keeps the participant rows of the threads it sends in
 * (roster-cache.ts) and rereads them only when their roster version moved.
 * Every change here is made on the other node, which this node hears nothing
 * from but the database: a roster it failed to reread would let a removed
 * person write, or deliver to the wrong people.
 */
describe.each(dialects)('rosters held by a node across changes on another (%s)', (dialect) => {
  let sender: LiveApp;
  let other: LiveApp;
  beforeAll(async () => {
    sender = await startLiveApp(dialect);
    other = await startLiveApp(dialect, { db: sender.db });
  });
  afterAll(async () => {
    await other.dispose();
    await sender.dispose();
  });

  it('follows participants added and removed elsewhere, in who may write and who receives', async () => {
    const ann = await sender.session('ann');
    const cal = await sender.session('cal');
    const { thread_id: threadId } = (
      await gqlOk<{ create_group_thread: { thread_id: string } }>(sender.app, ann, CREATE, {
        i: { name: 'Rope team', participant_ids: [PEOPLE.ben, PEOPLE.cal, PEOPLE.dot] },
      })
    ).create_group_thread;
    const post = (text: string) =>
      send(sender.app, ann, {
        thread_id: threadId,
        text,
        offline_threading_id: `rc-${text.replace(/\W/g, '-')}`,
      });
    await post('one');
    await send(sender.app, cal, {
      thread_id: threadId,
      text: 'cal here',
      offline_threading_id: 'rc-cal-1',
    });

    await gqlOk(other.app, await other.session('ben'), REMOVE, { id: threadId, p: PEOPLE.cal });
    await post('two');
    expect(
      await failing(sender.app, cal, SEND, {
        input: { thread_id: threadId, text: 'still here?', offline_threading_id: 'rc-cal-2' },
      }),
    ).toEqual([{ code: 'forbidden', field: 'thread_id' }]);

    await gqlOk(other.app, await other.session('ben'), ADD, { id: threadId, p: [PEOPLE.eve] });
    await post('three');

    expect(await textsReceived(sender, PEOPLE.cal, threadId)).toEqual(['one', 'cal here']);
    expect(await textsReceived(sender, PEOPLE.dot, threadId)).toEqual([
      'one',
      'cal here',
      'two',
      'three',
    ]);
    expect(await textsReceived(sender, PEOPLE.eve, threadId)).toEqual(['three']);
  });

  it('follows a request ignored elsewhere, and its acceptance by a reply', async () => {
    const cal = await sender.session('cal');
    const dot = await sender.session('dot');
    const first = await send(sender.app, cal, {
      recipient_id: PEOPLE.dot,
      text: 'hello stranger',
      offline_threading_id: 'rc-req-1',
    });
    const threadId = first.message.thread_id;
    const calWrites = (text: string) =>
      send(sender.app, cal, {
        thread_id: threadId,
        text,
        offline_threading_id: `rc-req-${text.replace(/\W/g, '-')}`,
      });
    await calWrites('are you there');

    await gqlOk(other.app, await other.session('dot'), IGNORE, { id: threadId });
    await calWrites('hidden from dot');
    await send(sender.app, dot, {
      thread_id: threadId,
      text: 'fine, hi',
      offline_threading_id: 'rc-req-dot',
    });
    await calWrites('after the reply');

    expect(await textsReceived(sender, PEOPLE.dot, threadId)).toEqual([
      'hello stranger',
      'are you there',
      'fine, hi',
      'after the reply',
    ]);
  });
});
