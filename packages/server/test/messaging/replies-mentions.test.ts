import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/session';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf } from '../sync/support/counts';
import { THREAD_STATE_FIELDS, failing, gqlOk, send, SEND } from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const CREATE = `mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { ${THREAD_STATE_FIELDS} } }`;
const UNSEND = `mutation($m: ID!) { unsend_message(message_id: $m) { message_id } }`;
const REMOVE = `mutation($m: ID!) { remove_message_for_you(message_id: $m) { message_id } }`;
const READ = `mutation($id: ID!) { mark_thread_read(thread_id: $id) { unread_count } }`;
const HISTORY = `query($id: ID!) {
  thread_messages(thread_id: $id, last: 50) { edges { node {
    id text reply_to { message_id sender_id text available } mentions { offset length person_id }
  } } }
}`;
const THREAD = `query($id: ID!) { message_thread(thread_fbid: $id) { mentions_unread has_unread_mention } }`;

interface Node {
  id: string;
  text: string;
  reply_to: { message_id: string; sender_id: string; text: string; available: boolean } | null;
  mentions: { offset: number; length: number; person_id: string }[];
}

describe.each(dialects)('replies and mentions (%s)', (dialect) => {
  let live: LiveApp;
  let ann: Session;
  let ben: Session;
  let cal: Session;
  let group: string;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
    ann = await live.session('ann');
    ben = await live.session('ben');
    cal = await live.session('cal');
    const created = await gqlOk<{ create_group_thread: { thread_id: string } }>(
      live.app,
      ann,
      CREATE,
      { i: { name: 'Crew', participant_ids: [PEOPLE.ben, PEOPLE.cal] } },
    );
    group = created.create_group_thread.thread_id;
  });
  afterAll(async () => {
    await live.dispose();
  });

  const history = async (session: Session, threadId: string): Promise<Node[]> =>
    (
      await gqlOk<{ thread_messages: { edges: { node: Node }[] } }>(live.app, session, HISTORY, {
        id: threadId,
      })
    ).thread_messages.edges.map((e) => e.node);
  const mentionsUnread = async (session: Session, threadId: string) =>
    (
      await gqlOk<{ message_thread: { mentions_unread: number; has_unread_mention: boolean } }>(
        live.app,
        session,
        THREAD,
        { id: threadId },
      )
    ).message_thread;

  it('stores a reply with its quote, in the delta to everyone and in the history; a retry is the same message', async () => {
    const original = await send(live.app, ben, {
      thread_id: group,
      text: 'Who is bringing the rope?',
      offline_threading_id: 'r-orig',
    });
    const input = {
      thread_id: group,
      text: 'I am',
      offline_threading_id: 'r-1',
      reply_to: original.message.id,
    };
    const reply = await send(live.app, ann, input);
    expect(reply.created).toBe(true);
    const again = await send(live.app, ann, input);
    expect(again).toMatchObject({ created: false, message: { id: reply.message.id } });

    const delta = (await logOf(live.db, PEOPLE.cal))
      .map((e) => e.delta as { kind: string; message?: { id: string; reply_to?: unknown } })
      .find((d) => d.kind === 'message_new' && d.message?.id === reply.message.id);
    expect(delta?.message?.reply_to).toEqual({
      message_id: original.message.id,
      sender_id: PEOPLE.ben,
      text: 'Who is bringing the rope?',
      available: true,
    });
    const node = (await history(cal, group)).find((n) => n.id === reply.message.id);
    expect(node?.reply_to).toEqual({
      message_id: original.message.id,
      sender_id: PEOPLE.ben,
      text: 'Who is bringing the rope?',
      available: true,
    });
  });

  it('refuses a reply to a message of another thread, or to an unsent one (400 on reply_to), writing nothing', async () => {
    const elsewhere = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'private',
      offline_threading_id: 'r-dm',
    });
    const before = (await logOf(live.db, PEOPLE.cal)).length;
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          thread_id: group,
          text: 'x',
          offline_threading_id: 'r-2',
          reply_to: elsewhere.message.id,
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'reply_to' }]);

    const gone = await send(live.app, ben, {
      thread_id: group,
      text: 'oops',
      offline_threading_id: 'r-gone',
    });
    await gqlOk(live.app, ben, UNSEND, { m: gone.message.id });
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          thread_id: group,
          text: 'x',
          offline_threading_id: 'r-3',
          reply_to: gone.message.id,
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'reply_to' }]);
    // Only the unsend's delta was added for cal: neither refused reply wrote anything.
    expect((await logOf(live.db, PEOPLE.cal)).length).toBe(before + 2);
  });

  it('a reply whose original is then unsent (or removed for the reader) quotes it as unavailable', async () => {
    const original = await send(live.app, ben, {
      thread_id: group,
      text: 'secret plan',
      offline_threading_id: 'r-later',
    });
    const reply = await send(live.app, cal, {
      thread_id: group,
      text: 'nice',
      offline_threading_id: 'r-4',
      reply_to: original.message.id,
    });
    await gqlOk(live.app, ann, REMOVE, { m: original.message.id });
    const forAnn = (await history(ann, group)).find((n) => n.id === reply.message.id);
    expect(forAnn?.reply_to).toMatchObject({ available: false, text: '' });
    const forCal = (await history(cal, group)).find((n) => n.id === reply.message.id);
    expect(forCal?.reply_to).toMatchObject({ available: true, text: 'secret plan' });

    await gqlOk(live.app, ben, UNSEND, { m: original.message.id });
    const after = (await history(cal, group)).find((n) => n.id === reply.message.id);
    expect(after?.reply_to).toEqual({
      message_id: original.message.id,
      sender_id: PEOPLE.ben,
      text: '',
      available: false,
    });
  });

  it('stores mentions, counts them unread for the mentioned person until read', async () => {
    await gqlOk(live.app, cal, READ, { id: group });
    expect(await mentionsUnread(cal, group)).toEqual({
      mentions_unread: 0,
      has_unread_mention: false,
    });
    const text = 'Cal and Ben: ropes?';
    const sent = await send(live.app, ann, {
      thread_id: group,
      text,
      offline_threading_id: 'm-1',
      mentions: [
        { offset: 0, length: 3, id: PEOPLE.cal },
        { offset: 8, length: 3, id: PEOPLE.ben },
      ],
    });
    const node = (await history(cal, group)).find((n) => n.id === sent.message.id);
    expect(node?.mentions).toEqual([
      { offset: 0, length: 3, person_id: PEOPLE.cal },
      { offset: 8, length: 3, person_id: PEOPLE.ben },
    ]);
    expect(await mentionsUnread(cal, group)).toEqual({
      mentions_unread: 1,
      has_unread_mention: true,
    });
    expect((await mentionsUnread(ann, group)).mentions_unread).toBe(0);
    await gqlOk(live.app, cal, READ, { id: group });
    expect((await mentionsUnread(cal, group)).mentions_unread).toBe(0);
  });

  it('refuses a mention of a non-participant (on its id) and ranges outside the text (on the range)', async () => {
    const base = { thread_id: group, text: 'hi Dot', offline_threading_id: 'm-bad' };
    expect(
      await failing(live.app, ann, SEND, {
        input: { ...base, mentions: [{ offset: 3, length: 3, id: PEOPLE.dot }] },
      }),
    ).toEqual([{ code: 'bad_request', field: 'mentions[0].id' }]);
    expect(
      await failing(live.app, ann, SEND, {
        input: { ...base, mentions: [{ offset: 3, length: 9, id: PEOPLE.ben }] },
      }),
    ).toEqual([{ code: 'bad_request', field: 'mentions[0]' }]);
    expect(
      await failing(live.app, ann, SEND, {
        input: {
          ...base,
          mentions: [
            { offset: 3, length: 3, id: PEOPLE.ben },
            { offset: 4, length: 2, id: PEOPLE.cal },
          ],
        },
      }),
    ).toEqual([{ code: 'bad_request', field: 'mentions[1]' }]);
    const nodes = await history(ann, group);
    expect(nodes.some((n) => n.text === 'hi Dot')).toBe(false);
  });
});
