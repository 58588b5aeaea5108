import { MUTED_FOREVER } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import type { Session } from '../support/session';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { logOf, snapshotCounts } from '../sync/support/counts';
import {
  failing,
  gql,
  gqlOk,
  send,
  THREAD_STATE_FIELDS,
  type ThreadStateResult,
} from '../sync/support/gql';
import { PEOPLE } from '../sync/support/world';

const dialects = await dialectsUnderTest();

const MUTE = `mutation($id: ID!, $mute: String) { set_thread_mute(thread_id: $id, mute: $mute) { thread_id muted_until } }`;
const ARCHIVE = `mutation($id: ID!, $a: Boolean!) { set_thread_archived(thread_id: $id, archived: $a) { thread_id folder } }`;
const UNREAD = `mutation($id: ID!) { mark_thread_unread(thread_id: $id) { thread_id unread_count } }`;
const READ = `mutation($id: ID!) { mark_thread_read(thread_id: $id) { thread_id unread_count } }`;
const DELETE = `mutation($id: ID!) { delete_thread_for_you(thread_id: $id) }`;
const LEAVE = `mutation($id: ID!) { leave_thread(thread_id: $id) }`;
const CREATE = `mutation($i: CreateGroupThreadInput!) { create_group_thread(input: $i) { ${THREAD_STATE_FIELDS} } }`;
const LIST = `query($f: ThreadFolder!) { viewer { message_threads(first: 50, folder: $f) {
  edges { node { thread_id folder unread_count muted_until is_muted } } } } }`;
const HISTORY = `query($id: ID!) { thread_messages(thread_id: $id, last: 50) { edges { node { id text kind } } } }`;

interface Row {
  thread_id: string;
  folder: string;
  unread_count: number;
  muted_until: number | null;
  is_muted: boolean;
}

describe.each(dialects)('conversation settings (%s)', (dialect) => {
  let live: LiveApp;
  let n = 0;
  beforeAll(async () => {
    live = await startLiveApp(dialect);
  });
  afterAll(async () => {
    await live.dispose();
  });

  const say = async (from: Session, to: string, text: string) =>
    (await send(live.app, from, { recipient_id: to, text, offline_threading_id: `cs-${++n}` }))
      .message;
  const sayIn = async (from: Session, threadId: string, text: string) =>
    (await send(live.app, from, { thread_id: threadId, text, offline_threading_id: `cs-${++n}` }))
      .message;
  const list = async (session: Session, folder: string): Promise<Row[]> =>
    (
      await gqlOk<{ viewer: { message_threads: { edges: { node: Row }[] } } }>(
        live.app,
        session,
        LIST,
        { f: folder },
      )
    ).viewer.message_threads.edges.map((e) => e.node);
  const rowOf = async (session: Session, folder: string, threadId: string) =>
    (await list(session, folder)).find((r) => r.thread_id === threadId);
  const lastDelta = async (id: string) => (await logOf(live.db, id)).at(-1)?.delta;
  /** Runs `again` and proves it wrote nothing: no row, no delta to anyone. */
  const writesNothing = async (again: () => Promise<unknown>) => {
    const before = await snapshotCounts(live.db);
    await again();
    expect(await snapshotCounts(live.db)).toEqual(before);
  };

  it('mute: stored per viewer, sent to their devices only; again writes nothing; checked', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const { thread_id: id } = await say(ben, PEOPLE.ann, 'mute me');
    const benLog = (await logOf(live.db, PEOPLE.ben)).length;
    const muted = await gqlOk<{ set_thread_mute: { muted_until: number } }>(live.app, ann, MUTE, {
      id,
      mute: '8h',
    });
    expect(muted.set_thread_mute.muted_until).toBeGreaterThan(Date.now() + 7.9 * 3_600_000);
    expect(await lastDelta(PEOPLE.ann)).toMatchObject({
      kind: 'thread_updated',
      thread: { thread_id: id, muted_until: muted.set_thread_mute.muted_until },
    });
    expect(await logOf(live.db, PEOPLE.ben)).toHaveLength(benLog);
    expect(await rowOf(ann, 'INBOX', id)).toMatchObject({ is_muted: true });
    expect(await rowOf(ben, 'INBOX', id)).toMatchObject({ is_muted: false, muted_until: null });
    await writesNothing(() => gqlOk(live.app, ann, MUTE, { id, mute: '8h' }));
    await gqlOk(live.app, ann, MUTE, { id, mute: 'forever' });
    expect(await rowOf(ann, 'INBOX', id)).toMatchObject({
      is_muted: true,
      muted_until: MUTED_FOREVER,
    });
    await gqlOk(live.app, ann, MUTE, { id, mute: null });
    expect(await rowOf(ann, 'INBOX', id)).toMatchObject({ is_muted: false, muted_until: null });
    await writesNothing(() => gqlOk(live.app, ann, MUTE, { id, mute: null }));
    expect(await failing(live.app, ann, MUTE, { id, mute: '2h' })).toEqual([
      { code: 'bad_request', field: 'mute' },
    ]);
    const cal = await live.session('cal');
    expect(await failing(live.app, cal, MUTE, { id, mute: '1h' })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
  });

  it('archive: out of the inbox into ARCHIVED; a one-to-one comes back with a new message, a group does not', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const dot = await live.session('dot');
    const { thread_id: id } = await say(dot, PEOPLE.ann, 'archive me');
    await gqlOk(live.app, ann, ARCHIVE, { id, a: true });
    expect(await lastDelta(PEOPLE.ann)).toMatchObject({
      kind: 'thread_updated',
      thread: { thread_id: id, folder: 'ARCHIVED' },
    });
    expect(await rowOf(ann, 'INBOX', id)).toBeUndefined();
    expect(await rowOf(ann, 'ARCHIVED', id)).toMatchObject({ folder: 'ARCHIVED' });
    expect(await rowOf(dot, 'INBOX', id)).toMatchObject({ folder: 'INBOX' });
    await writesNothing(() => gqlOk(live.app, ann, ARCHIVE, { id, a: true }));
    await say(dot, PEOPLE.ann, 'back to the inbox');
    expect(await rowOf(ann, 'ARCHIVED', id)).toBeUndefined();
    expect(await rowOf(ann, 'INBOX', id)).toMatchObject({ folder: 'INBOX' });
    // Unarchiving what a message already brought back changes nothing.
    await writesNothing(() => gqlOk(live.app, ann, ARCHIVE, { id, a: false }));

    const group = (
      await gqlOk<{ create_group_thread: ThreadStateResult }>(live.app, ann, CREATE, {
        i: { name: 'Archived group', participant_ids: [PEOPLE.ben, PEOPLE.cal] },
      })
    ).create_group_thread.thread_id;
    await gqlOk(live.app, ann, ARCHIVE, { id: group, a: true });
    await sayIn(ben, group, 'still archived');
    expect(await rowOf(ann, 'ARCHIVED', group)).toBeDefined();
    await gqlOk(live.app, ann, ARCHIVE, { id: group, a: false });
    expect(await rowOf(ann, 'INBOX', group)).toBeDefined();
    expect(
      await failing(live.app, await live.session('eve'), ARCHIVE, { id: group, a: true }),
    ).toEqual([{ code: 'forbidden', field: 'thread_id' }]);
  });

  it('mark unread moves the read mark back before the newest message from someone else', async () => {
    const ben = await live.session('ben');
    const dot = await live.session('dot');
    const { thread_id: id } = await say(dot, PEOPLE.ben, 'read me twice');
    await gqlOk(live.app, ben, READ, { id });
    expect((await rowOf(ben, 'INBOX', id))?.unread_count).toBe(0);
    const dotLog = (await logOf(live.db, PEOPLE.dot)).length;
    await gqlOk(live.app, ben, UNREAD, { id });
    expect((await rowOf(ben, 'INBOX', id))?.unread_count).toBe(1);
    expect(await lastDelta(PEOPLE.ben)).toMatchObject({
      kind: 'thread_updated',
      thread: { thread_id: id, unread_count: 1 },
    });
    // The sender is not told: their "seen" stays.
    expect(await logOf(live.db, PEOPLE.dot)).toHaveLength(dotLog);
    await writesNothing(() => gqlOk(live.app, ben, UNREAD, { id }));
    await gqlOk(live.app, ben, READ, { id });
    expect((await rowOf(ben, 'INBOX', id))?.unread_count).toBe(0);
    // Dot wrote the only message: nothing of anyone else's to mark unread for her.
    expect(await failing(live.app, dot, UNREAD, { id })).toEqual([
      { code: 'bad_request', field: 'thread_id' },
    ]);
    expect(await failing(live.app, await live.session('cal'), UNREAD, { id })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
  });

  it('delete for oneself: gone with its history for the viewer only, back with only what is new', async () => {
    const fay = await live.session('fay');
    const gus = await live.session('gus');
    const old = await say(gus, PEOPLE.fay, 'old history');
    const id = old.thread_id;
    const gusLog = (await logOf(live.db, PEOPLE.gus)).length;
    expect(await gqlOk(live.app, fay, DELETE, { id })).toEqual({ delete_thread_for_you: true });
    expect(await lastDelta(PEOPLE.fay)).toEqual({
      kind: 'thread_removed',
      thread_id: id,
      reason: 'deleted',
    });
    expect(await logOf(live.db, PEOPLE.gus)).toHaveLength(gusLog);
    expect(await rowOf(fay, 'INBOX', id)).toBeUndefined();
    expect(await rowOf(gus, 'INBOX', id)).toBeDefined();
    await writesNothing(() => gqlOk(live.app, fay, DELETE, { id }));
    const history = async (session: Session) =>
      (
        await gqlOk<{ thread_messages: { edges: { node: { text: string } }[] } }>(
          live.app,
          session,
          HISTORY,
          { id },
        )
      ).thread_messages.edges.map((e) => e.node.text);
    expect(await history(fay)).toEqual([]);
    expect(await history(gus)).toEqual(['old history']);
    await say(gus, PEOPLE.fay, 'new start');
    expect(await rowOf(fay, 'INBOX', id)).toMatchObject({ unread_count: 1 });
    expect(await history(fay)).toEqual(['new start']);
    expect(await history(gus)).toEqual(['old history', 'new start']);
    expect(await failing(live.app, await live.session('ben'), DELETE, { id })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
  });

  it('leave group: the others get "left" live, the leaver is refused after; a retry succeeds; one-to-ones cannot be left', async () => {
    const ann = await live.session('ann');
    const ben = await live.session('ben');
    const cal = await live.session('cal');
    const group = (
      await gqlOk<{ create_group_thread: ThreadStateResult }>(live.app, ann, CREATE, {
        i: { name: 'Leavers', participant_ids: [PEOPLE.ben, PEOPLE.cal] },
      })
    ).create_group_thread.thread_id;
    await sayIn(ann, group, 'hello all');
    expect(await gqlOk(live.app, ben, LEAVE, { id: group })).toEqual({ leave_thread: true });
    expect(await lastDelta(PEOPLE.ben)).toEqual({
      kind: 'thread_removed',
      thread_id: group,
      reason: 'left',
    });
    for (const other of [PEOPLE.ann, PEOPLE.cal]) {
      const log = (await logOf(live.db, other)).map((e) => e.delta);
      const left = log.find(
        (d) =>
          d.kind === 'message_new' &&
          (d as { message?: { kind?: string } }).message?.kind === 'participant_left',
      );
      expect(left).toMatchObject({
        message: { thread_id: group, sender_id: PEOPLE.ben, text: 'Ben Tester' },
      });
      expect(log.at(-1)).toMatchObject({ kind: 'thread_updated', thread: { thread_id: group } });
    }
    const annHistory = await gqlOk<{
      thread_messages: { edges: { node: { kind: string; text: string } }[] };
    }>(live.app, ann, HISTORY, { id: group });
    expect(annHistory.thread_messages.edges.at(-1)?.node.kind).toBe('participant_left');
    expect(await rowOf(ben, 'INBOX', group)).toBeUndefined();
    // The leaver can no longer read or send: 403 with a stable code.
    expect(await failing(live.app, ben, HISTORY, { id: group })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
    const sendRefused = await gql(
      live.app,
      ben,
      `mutation($i: SendMessageInput!) { send_message(input: $i) { created } }`,
      { i: { thread_id: group, text: 'let me back', offline_threading_id: `cs-${++n}` } },
    );
    expect(sendRefused.errors[0]?.extensions?.code).toBe('forbidden');
    await writesNothing(() => gqlOk(live.app, ben, LEAVE, { id: group }));
    expect(await failing(live.app, await live.session('dot'), LEAVE, { id: group })).toEqual([
      { code: 'forbidden', field: 'thread_id' },
    ]);
    const { thread_id: direct } = await say(cal, PEOPLE.ann, 'no leaving this');
    await writesNothing(async () => {
      expect(await failing(live.app, cal, LEAVE, { id: direct })).toEqual([
        { code: 'bad_request', field: 'thread_id' },
      ]);
    });
  });
});
