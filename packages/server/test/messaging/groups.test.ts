import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import {
  SEND,
  THREAD_STATE_FIELDS,
  failing,
  gqlOk,
  send,
  threadState,
  type ThreadStateResult,
} from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';
import { gql } from '../graphql/support';
import type { Session } from '../support/session';

const dialects = await dialectsUnderTest();

const CREATE = `mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { ${THREAD_STATE_FIELDS} } }`;
const ADD = `mutation($id: ID!, $p: [ID!]!) { add_thread_participants(thread_id: $id, participant_ids: $p) { ${THREAD_STATE_FIELDS} } }`;
const REMOVE = `mutation($id: ID!, $p: ID!) { remove_thread_participant(thread_id: $id, participant_id: $p) { ${THREAD_STATE_FIELDS} } }`;
const RENAME = `mutation($id: ID!, $name: String) { rename_thread(thread_id: $id, name: $name) { ${THREAD_STATE_FIELDS} } }`;
const IMAGE = `mutation($id: ID!, $src: String) { set_thread_image(thread_id: $id, image_src: $src) { ${THREAD_STATE_FIELDS} } }`;
const NICK = `mutation($id: ID!, $p: ID!, $n: String) { set_thread_nickname(thread_id: $id, participant_id: $p, nickname: $n) { ${THREAD_STATE_FIELDS} } }`;

async function createGroup(
  live: LiveApp,
  session: Session,
  input: Record<string, unknown>,
): Promise<ThreadStateResult> {
  return (
    await gqlOk<{ create_group_thread: ThreadStateResult }>(live.app, session, CREATE, { i: input })
  ).create_group_thread;
}

describe.each(dialects)('group conversations (%s)', (dialect) => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('creates a named group; friends find it in INBOX, a stranger in PENDING; everyone gets it as a delta', async () => {
    const ann = await live.session('ann');
    const group = await createGroup(live, ann, {
      name: '  Climbing crew ',
      participant_ids: [PEOPLE.ben, PEOPLE.cal, PEOPLE.ben],
      image_src: 'https://example.test/rock.png',
    });
    expect(group).toMatchObject({
      kind: 'group',
      name: 'Climbing crew',
      image_src: 'https://example.test/rock.png',
      folder: 'INBOX',
      unread_count: 0,
      last_message_seq: 0,
    });
    expect(group.participants.map((p) => p.id)).toEqual(
      [PEOPLE.ann, PEOPLE.ben, PEOPLE.cal].sort(),
    );
    expect((await threadState(live.app, await live.session('ben'), group.thread_id)).folder).toBe(
      'INBOX',
    );
    expect((await threadState(live.app, await live.session('cal'), group.thread_id)).folder).toBe(
      'PENDING',
    );
    for (const person of [PEOPLE.ann, PEOPLE.ben, PEOPLE.cal]) {
      const log = await logOf(live.db, person);
      expect(log.at(-1)?.delta).toMatchObject({
        kind: 'thread_updated',
        thread: { thread_id: group.thread_id },
      });
    }
    const row = await live.db.kysely
      .selectFrom('threads')
      .select(['name_flat'])
      .where('id', '=', group.thread_id)
      .executeTakeFirstOrThrow();
    expect(row.name_flat).toBe('climbing crew');
  });

  it.each([
    ['one other person', { participant_ids: [PEOPLE.ben] }, 'participant_ids'],
    ['only oneself twice', { participant_ids: [PEOPLE.ann, PEOPLE.ann] }, 'participant_ids'],
    ['an unknown person', { participant_ids: [PEOPLE.ben, '999999'] }, 'participant_ids[1]'],
    ['a memorialized person', { participant_ids: [PEOPLE.moe, PEOPLE.ben] }, 'participant_ids[0]'],
    [
      'a bad image',
      { participant_ids: [PEOPLE.ben, PEOPLE.dot], image_src: 'ftp://x' },
      'image_src',
    ],
    ['a long name', { participant_ids: [PEOPLE.ben, PEOPLE.dot], name: 'x'.repeat(251) }, 'name'],
  ])('refuses a group with %s, writing nothing', async (_name, input, field) => {
    const before = await snapshotCounts(live.db);
    expect(await failing(live.app, await live.session('ann'), CREATE, { i: input })).toEqual([
      { code: 'bad_request', field },
    ]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('words a refusal for people, naming the limit (issue 31)', async () => {
    const response = await gql(live.app, await live.session('ann'), CREATE, {
      i: { participant_ids: [PEOPLE.ben, PEOPLE.dot], name: 'x'.repeat(300) },
    });
    expect(response.errors[0]).toMatchObject({
      message: 'Group names can be at most 250 characters.',
      extensions: { code: 'bad_request', field: 'name' },
    });
    const ann = await live.session('ann');
    const group = await createGroup(live, ann, { participant_ids: [PEOPLE.ben, PEOPLE.dot] });
    const rename = await gql(live.app, ann, RENAME, { id: group.thread_id, name: 'y'.repeat(300) });
    expect(rename.errors[0]?.message).toBe('Group names can be at most 250 characters.');
  });

  it('renames, sets and clears the image, and sets nicknames that everyone sees', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const group = await createGroup(live, ann, { participant_ids: [PEOPLE.ben, PEOPLE.dot] });
    expect(group.name).toBeNull();
    const renamed = await gqlOk<{ rename_thread: ThreadStateResult }>(live.app, ben, RENAME, {
      id: group.thread_id,
      name: 'Book club',
    });
    expect(renamed.rename_thread.name).toBe('Book club');
    const cleared = await gqlOk<{ rename_thread: ThreadStateResult }>(live.app, ben, RENAME, {
      id: group.thread_id,
      name: '   ',
    });
    expect(cleared.rename_thread.name).toBeNull();
    const imaged = await gqlOk<{ set_thread_image: ThreadStateResult }>(live.app, ann, IMAGE, {
      id: group.thread_id,
      src: 'https://example.test/books.png',
    });
    expect(imaged.set_thread_image.image_src).toBe('https://example.test/books.png');
    await gqlOk(live.app, ann, IMAGE, { id: group.thread_id, src: null });
    const nick = await gqlOk<{ set_thread_nickname: ThreadStateResult }>(live.app, ann, NICK, {
      id: group.thread_id,
      p: PEOPLE.ben,
      n: 'Benji',
    });
    expect(nick.set_thread_nickname.custom_nickname).toEqual({ [PEOPLE.ben]: 'Benji' });
    const seenByDot = await threadState(live.app, await live.session('dot'), group.thread_id);
    expect(seenByDot).toMatchObject({
      image_src: null,
      custom_nickname: { [PEOPLE.ben]: 'Benji' },
    });
    const dotLog = await logOf(live.db, PEOPLE.dot);
    expect(dotLog.filter((d) => d.delta.kind === 'thread_updated').length).toBeGreaterThanOrEqual(
      6,
    );
  });

  it('sets nicknames in one-to-one threads too, but names only groups', async () => {
    const ann = await live.session('ann');
    const sent = await send(live.app, ann, {
      recipient_id: PEOPLE.ben,
      text: 'hi',
      offline_threading_id: 'g-1',
    });
    const nick = await gqlOk<{ set_thread_nickname: ThreadStateResult }>(live.app, ann, NICK, {
      id: sent.message.thread_id,
      p: PEOPLE.ann,
      n: 'Annie',
    });
    expect(nick.set_thread_nickname.custom_nickname).toEqual({ [PEOPLE.ann]: 'Annie' });
    const before = await snapshotCounts(live.db);
    expect(
      await failing(live.app, ann, RENAME, { id: sent.message.thread_id, name: 'Us' }),
    ).toEqual([{ code: 'bad_request', field: 'thread_id' }]);
    expect(
      await failing(live.app, ann, NICK, { id: sent.message.thread_id, p: PEOPLE.cal, n: 'x' }),
    ).toEqual([{ code: 'bad_request', field: 'participant_id' }]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });

  it('adds people who see the history without unread; removes and lets people leave', async () => {
    const ann = await live.session('ann');
    const group = await createGroup(live, ann, {
      name: 'Trip',
      participant_ids: [PEOPLE.ben, PEOPLE.dot],
    });
    await send(live.app, ann, {
      thread_id: group.thread_id,
      text: 'tickets booked',
      offline_threading_id: 'g-2',
    });
    await send(live.app, ann, {
      thread_id: group.thread_id,
      text: 'leaving at 8',
      offline_threading_id: 'g-3',
    });
    const added = await gqlOk<{ add_thread_participants: ThreadStateResult }>(live.app, ann, ADD, {
      id: group.thread_id,
      p: [PEOPLE.cal, PEOPLE.ben],
    });
    expect(added.add_thread_participants.participants.map((p) => p.id)).toContain(PEOPLE.cal);
    const cal = await live.session('cal');
    const calView = await threadState(live.app, cal, group.thread_id);
    expect(calView).toMatchObject({ unread_count: 0, last_message_seq: 2, folder: 'PENDING' });
    const history = await gqlOk<{ thread_messages: { edges: unknown[] } }>(
      live.app,
      cal,
      `query($id: ID!) { thread_messages(thread_id: $id) { edges { cursor } } }`,
      { id: group.thread_id },
    );
    expect(history.thread_messages.edges).toHaveLength(2);

    // Ben removes Cal: Cal's devices are told, Cal can neither write nor read any more.
    const removed = await gqlOk<{ remove_thread_participant: ThreadStateResult | null }>(
      live.app,
      await live.session('ben'),
      REMOVE,
      { id: group.thread_id, p: PEOPLE.cal },
    );
    expect(removed.remove_thread_participant?.participants.map((p) => p.id)).not.toContain(
      PEOPLE.cal,
    );
    expect((await logOf(live.db, PEOPLE.cal)).at(-1)?.delta).toEqual({
      kind: 'thread_removed',
      thread_id: group.thread_id,
      reason: 'removed',
    });
    expect(
      await failing(live.app, cal, SEND, {
        input: { thread_id: group.thread_id, text: 'wait', offline_threading_id: 'g-4' },
      }),
    ).toEqual([{ code: 'forbidden', field: 'thread_id' }]);
    expect(
      await failing(
        live.app,
        cal,
        `query($id: ID!) { thread_messages(thread_id: $id) { edges { cursor } } }`,
        {
          id: group.thread_id,
        },
      ),
    ).toEqual([{ code: 'forbidden', field: 'thread_id' }]);

    // Dot leaves: the answer is null, and Dot's log says "left".
    const left = await gqlOk<{ remove_thread_participant: ThreadStateResult | null }>(
      live.app,
      await live.session('dot'),
      REMOVE,
      { id: group.thread_id, p: PEOPLE.dot },
    );
    expect(left.remove_thread_participant).toBeNull();
    expect((await logOf(live.db, PEOPLE.dot)).at(-1)?.delta).toMatchObject({ reason: 'left' });
    expect(
      (await threadState(live.app, ann, group.thread_id)).participants.map((p) => p.id),
    ).toEqual([PEOPLE.ann, PEOPLE.ben].sort());
  });

  it('lets only members manage a group', async () => {
    const group = await createGroup(live, await live.session('ann'), {
      participant_ids: [PEOPLE.ben, PEOPLE.dot],
    });
    const cal = await live.session('cal');
    const before = await snapshotCounts(live.db);
    expect(await failing(live.app, cal, RENAME, { id: group.thread_id, name: 'Mine now' })).toEqual(
      [{ code: 'forbidden', field: 'thread_id' }],
    );
    expect(await failing(live.app, cal, ADD, { id: group.thread_id, p: [PEOPLE.cal] })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
    expect(await failing(live.app, cal, REMOVE, { id: group.thread_id, p: PEOPLE.ann })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
    expect(await failing(live.app, cal, RENAME, { id: '123456789', name: 'x' })).toEqual([
      { code: 'not_found', field: 'thread_id' },
    ]);
    expect(await snapshotCounts(live.db)).toEqual(before);
  });
});
