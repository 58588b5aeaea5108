import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../src/features/messaging/group-service';
import { markRead } from '../../src/features/messaging/read-service';
import { sendMessage } from '../../src/features/messaging/send-service';
import type { Viewer } from '../../src/features/accounts/viewer';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import { logOf } from './support/counts';
import { gqlOk } from './support/gql';
import { eventually, pause, type SyncClient } from './support/socket';
import { PAGE, PEOPLE, viewerOf } from './support/world';

const dialects = await dialectsUnderTest();

/** Seqs must run 1, 2, 3... from `after` without a gap or a repeat. */
function expectConsecutive(seqs: number[], after: number): void {
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => after + 1 + i));
}

describe.each(dialects)('sync socket: delivery, replay and resume (%s)', (dialect) => {
  let live: LiveApp;
  let ann: Viewer;
  let ben: Viewer;
  let counter = 0;
  const say = (from: Viewer, to: string, text = `msg ${++counter}`) =>
    sendMessage(live.ctx, from, {
      recipient_id: to,
      text,
      offline_threading_id: `live-${++counter}`,
    });

  beforeAll(async () => {
    live = await startLiveApp(dialect);
    ann = await viewerOf(live.db, PEOPLE.ann);
    ben = await viewerOf(live.db, PEOPLE.ben);
  });
  afterAll(async () => {
    await live.dispose();
  });

  // Delta frames are written as ready-made bytes (frame-bytes.ts), valid only when
  // no extension is negotiated: a browser offers permessage-deflate, the server must decline.
  it('negotiates no WebSocket extension though the client offers permessage-deflate', async () => {
    const socket = await live.socket('ann');
    expect(socket.ws.extensions).toBe('');
  });

  it('pushes a sent message to the recipient with seq = previous + 1', async () => {
    const socket = await live.socket('ben');
    const start = await socket.hello(0);
    expect(start).toMatchObject({ seq: 0, deltas: [], resync: null });
    const sent = await say(ann, PEOPLE.ben, 'hello ben');
    await socket.waitForSeq(2);
    // A new thread: its snapshot first, then the message.
    expect(socket.deltaFrames().map((f) => [f.seq, f.delta.kind])).toEqual([
      [1, 'thread_updated'],
      [2, 'message_new'],
    ]);
    expect(socket.deltas('message_new')[0]).toEqual({ kind: 'message_new', message: sent.message });
    await say(ann, PEOPLE.ben);
    const next = await socket.waitForSeq(3);
    expect(next).toMatchObject({ seq: 3, delta: { kind: 'message_new' } });
    // The sender's own log has the message too (their other devices).
    expect((await logOf(live.db, PEOPLE.ann)).map((d) => d.delta.kind)).toEqual([
      'thread_updated',
      'message_new',
      'message_new',
    ]);
  });

  it('sends no delta for a retried send', async () => {
    const socket = await live.socket('ben');
    const { seq } = await socket.hello(0);
    const input = {
      recipient_id: PEOPLE.ben,
      text: 'only once',
      offline_threading_id: 'retry-live',
    };
    const first = await sendMessage(live.ctx, ann, input);
    await socket.waitForSeq(seq + 1);
    const retry = await sendMessage(live.ctx, ann, input);
    expect(retry).toEqual({ message: first.message, created: false });
    await pause(200);
    expect(socket.lastSeq()).toBe(seq + 1);
    expect(
      socket.deltas('message_new').filter((d) => d.message.offline_threading_id === 'retry-live'),
    ).toHaveLength(1);
  });

  it('replays exactly the missed deltas once on reconnect, then goes live', async () => {
    const first = await live.socket('ben');
    const { seq: seen } = await first.hello(0);
    await first.close();
    const missed = [
      await say(ann, PEOPLE.ben),
      await say(ann, PEOPLE.ben),
      await say(ann, PEOPLE.ben),
    ];
    const second = await live.socket('ben');
    const replay = await second.hello(seen);
    expectConsecutive(
      replay.deltas.map((f) => f.seq),
      seen,
    );
    expect(replay.deltas.map((f) => f.delta)).toEqual(
      missed.map((m) => ({ kind: 'message_new', message: m.message })),
    );
    expect(replay.seq).toBe(seen + 3);
    await say(ann, PEOPLE.ben);
    await second.waitForSeq(seen + 4);
    await pause(100);
    expectConsecutive(
      second.deltaFrames().map((f) => f.seq),
      seen,
    );
  });

  it('says resync_required with the head when hello is ahead of the log, then streams from the head', async () => {
    const head = (await logOf(live.db, PEOPLE.ben)).length;
    const socket = await live.socket('ben');
    const start = await socket.hello(head + 50);
    expect(start.resync).toEqual({ type: 'resync_required', reason: 'ahead_of_head', seq: head });
    expect(start).toMatchObject({ seq: head, deltas: [] });
    await say(ann, PEOPLE.ben);
    expect(await socket.waitForSeq(head + 1)).toMatchObject({ seq: head + 1 });
  });

  it('serves the head as viewer.sync_seq: a client reads it with its data, then resumes from it', async () => {
    const data = await gqlOk<{ viewer: { id: string; sync_seq: number } }>(
      live.app,
      await live.session('ben'),
      '{ viewer { id sync_seq } }',
    );
    const head = (await logOf(live.db, PEOPLE.ben)).length;
    expect(data.viewer).toEqual({ id: PEOPLE.ben, sync_seq: head });
    const socket = await live.socket('ben');
    expect(await socket.hello(data.viewer.sync_seq)).toMatchObject({
      seq: head,
      deltas: [],
      resync: null,
    });
  });

  it('gives every tab and device of a user every delta', async () => {
    const tabs: SyncClient[] = [
      await live.socket('ben'),
      await live.socket('ben'),
      await live.socket('ben'),
    ];
    const heads = await Promise.all(tabs.map((t) => t.hello(0)));
    const head = heads[0]?.seq ?? 0;
    expect(heads.map((h) => h.seq)).toEqual([head, head, head]);
    const sent = await say(ann, PEOPLE.ben, 'to every tab');
    for (const tab of tabs) {
      const frame = await tab.waitForSeq(head + 1);
      expect(frame).toEqual({
        type: 'delta',
        seq: head + 1,
        delta: { kind: 'message_new', message: sent.message },
      });
    }
  });

  it('marks messages delivered when a recipient device acks, and seen when read', async () => {
    const annSocket = await live.socket('ann');
    const benSocket = await live.socket('ben');
    const annStart = await annSocket.hello((await logOf(live.db, PEOPLE.ann)).length);
    const benStart = await benSocket.hello((await logOf(live.db, PEOPLE.ben)).length);
    const sent = await say(ann, PEOPLE.ben, 'did you get this?');
    const threadId = sent.message.thread_id;
    const state = async (): Promise<string> => {
      const data = await gqlOk<{
        thread_messages: { edges: { node: { id: string; delivery_state: string } }[] };
      }>(
        live.app,
        await live.session('ann'),
        `query($id: ID!) { thread_messages(thread_id: $id, last: 1) { edges { node { id delivery_state } } } }`,
        { id: threadId },
      );
      return data.thread_messages.edges[0]?.node.delivery_state ?? 'none';
    };
    await benSocket.waitForSeq(benStart.seq + 1);
    expect(await state()).toBe('sent');

    benSocket.send({ type: 'ack', seq: benStart.seq + 1 });
    const delivered = await annSocket.waitFor(
      (f) => f.type === 'delta' && f.delta.kind === 'message_delivered',
    );
    expect(delivered).toMatchObject({
      delta: {
        kind: 'message_delivered',
        thread_id: threadId,
        user_id: PEOPLE.ben,
        seq: sent.message.seq_in_thread,
      },
    });
    expect(await state()).toBe('delivered');
    // A repeated ack changes nothing.
    benSocket.send({ type: 'ack', seq: benStart.seq + 1 });
    await live.runtime.delivery.idle();
    await pause(100);
    expect(annSocket.deltas('message_delivered')).toHaveLength(1);

    await markRead(live.ctx, ben, { thread_id: threadId });
    const receipt = await annSocket.waitFor(
      (f) => f.type === 'delta' && f.delta.kind === 'read_receipt',
    );
    expect(receipt).toMatchObject({
      delta: { thread_id: threadId, user_id: PEOPLE.ben, seq: sent.message.seq_in_thread },
    });
    // The reader's own devices learn the thread is read.
    const own = await benSocket.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'thread_updated' &&
        f.delta.thread.thread_id === threadId,
    );
    expect(own).toMatchObject({ delta: { thread: { unread_count: 0 } } });
    expect(await state()).toBe('seen');
    expect(annStart.seq).toBeGreaterThan(0);
  });

  it('refuses an ack for a seq not sent yet', async () => {
    const socket = await live.socket('ben');
    const { seq } = await socket.hello(0);
    socket.send({ type: 'ack', seq: seq + 10 });
    expect(await socket.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'ack_ahead' });
  });

  it("delivers a page's thread to each of its admins, as the page", async () => {
    const eve = await live.socket('eve');
    const { seq } = await eve.hello(0);
    const cal = await viewerOf(live.db, PEOPLE.cal);
    const sent = await sendMessage(live.ctx, cal, {
      recipient_id: PAGE,
      text: 'table for two?',
      offline_threading_id: 'page-live',
    });
    await eve.waitForSeq(seq + 2);
    expect(eve.deltas()).toEqual([
      {
        kind: 'thread_updated',
        thread: expect.objectContaining({
          viewer_participant_id: PAGE,
          unread_count: 1,
        }) as unknown,
      },
      { kind: 'message_new', message: sent.message },
    ]);
    // The admin's ack delivers it for the page.
    eve.send({ type: 'ack', seq: seq + 2 });
    const calLog = await eventually(
      () => logOf(live.db, PEOPLE.cal),
      (log) => log.at(-1)?.delta.kind === 'message_delivered',
    );
    expect(calLog.at(-1)?.delta).toEqual({
      kind: 'message_delivered',
      thread_id: sent.message.thread_id,
      user_id: PAGE,
      seq: 1,
    });
  });

  it('tells every member about group changes', async () => {
    const dot = await live.socket('dot');
    const { seq } = await dot.hello((await logOf(live.db, PEOPLE.dot)).length);
    const group = await createGroup(live.ctx, ann, {
      name: 'Bakers',
      participant_ids: [PEOPLE.ben, PEOPLE.dot],
    });
    const frame = await dot.waitForSeq(seq + 1);
    expect(frame).toMatchObject({
      delta: {
        kind: 'thread_updated',
        thread: { thread_id: group.thread_id, name: 'Bakers', folder: 'INBOX' },
      },
    });
  });
});
