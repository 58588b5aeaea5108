import type { ServerFrame } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import type { SyncClient } from './support/socket';
import { PEOPLE, block } from './support/world';

const dialects = await dialectsUnderTest();

type SendResult = Extract<ServerFrame, { type: 'send_result' }>;

async function sendOver(
  client: SyncClient,
  requestId: string,
  input: Record<string, unknown>,
): Promise<SendResult> {
  const from = client.frames.length;
  client.send({ type: 'send', request_id: requestId, input });
  const frame = await client.waitFor(
    (f) => f.type === 'send_result' && f.request_id === requestId,
    from,
  );
  return frame as SendResult;
}

describe.each(dialects)('send_message over the sync socket (%s)', (dialect) => {
  let live: LiveApp;
  let ann: SyncClient;
  let ben: SyncClient;
  let threadId: string;

  beforeAll(async () => {
    live = await startLiveApp(dialect);
    ann = await live.socket('ann');
    ben = await live.socket('ben');
    await ann.hello(0);
    await ben.hello(0);
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('stores the message, answers with it, and delivers it to the other socket', async () => {
    const answer = await sendOver(ann, 'r1', {
      recipient_id: PEOPLE.ben,
      text: 'over the socket',
      offline_threading_id: 'sock-1',
    });
    expect(answer.error).toBeUndefined();
    expect(answer.created).toBe(true);
    expect(answer.message).toMatchObject({ sender_id: PEOPLE.ann, text: 'over the socket' });
    threadId = answer.message?.thread_id ?? '';
    const delivered = await ben.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'message_new' &&
        f.delta.message.id === answer.message?.id,
    );
    expect(delivered.type).toBe('delta');
  });

  it('answers a retry with the stored message and writes nothing', async () => {
    const again = await sendOver(ann, 'r2', {
      recipient_id: PEOPLE.ben,
      text: 'over the socket',
      offline_threading_id: 'sock-1',
    });
    expect(again.created).toBe(false);
    const rows = await live.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('offline_threading_id', '=', 'sock-1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input naming the field, and a thread the sender is not in, writing nothing', async () => {
    const tooLong = await sendOver(ann, 'r3', {
      thread_id: threadId,
      text: 'x'.repeat(5001),
      offline_threading_id: 'sock-long',
    });
    expect(tooLong.error).toMatchObject({ code: 'bad_request', field: 'text' });
    const cal = await live.socket('cal');
    await cal.hello(0);
    const outsider = await sendOver(cal, 'r4', {
      thread_id: threadId,
      text: 'let me in',
      offline_threading_id: 'sock-outsider',
    });
    expect(outsider.error?.code).toMatch(/^(forbidden|not_found)$/);
    await block(live.db, PEOPLE.dot, PEOPLE.cal);
    const blocked = await sendOver(cal, 'r5', {
      recipient_id: PEOPLE.dot,
      text: 'hello?',
      offline_threading_id: 'sock-blocked',
    });
    expect(blocked.error).toMatchObject({ code: 'blocked', field: 'recipient_id' });
    const stored = await live.db.kysely
      .selectFrom('messages')
      .select('id')
      .where('offline_threading_id', 'in', ['sock-long', 'sock-outsider', 'sock-blocked'])
      .execute();
    expect(stored).toHaveLength(0);
  });

  it("stores one socket's sends in the order they were sent", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `order-${i}`);
    for (const id of ids)
      ann.send({
        type: 'send',
        request_id: id,
        input: { thread_id: threadId, text: id, offline_threading_id: id },
      });
    const last = await ann.waitFor((f) => f.type === 'send_result' && f.request_id === 'order-39');
    expect(last.type).toBe('send_result');
    const rows = await live.db.kysely
      .selectFrom('messages')
      .select(['text', 'seq_in_thread'])
      .where('offline_threading_id', 'like', 'order-%')
      .orderBy('seq_in_thread')
      .execute();
    expect(rows.map((r) => r.text)).toEqual(ids);
  });
});
