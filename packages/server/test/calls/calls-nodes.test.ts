import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../../src/features/sync/redis-bus';
import { sendMessage } from '../../src/features/messaging/send-service';
import { createLogger } from '../../src/logger';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import type { SyncClient } from '../sync/support/socket';
import { PEOPLE, viewerOf, type PersonName } from '../sync/support/world';

const logger = createLogger('silent');
const redis = await isRedisReachable();
const dialects = await dialectsUnderTest();

async function device(node: LiveApp, name: PersonName, deviceId: string): Promise<SyncClient> {
  const socket = await node.socket(name);
  socket.send({ type: 'hello', protocol: 1, last_seq: 0, device_id: deviceId });
  await socket.waitFor((f) => f.type === 'ready');
  return socket;
}

/** A call between sockets on two nodes: its ring, its answer and its signals cross Redis. */
describe.skipIf(!redis).each(dialects)('calls across two nodes over Redis (%s)', (dialect) => {
  let nodeA: LiveApp;
  let nodeB: LiveApp;
  beforeAll(async () => {
    const channel = `test:calls:${String(Date.now())}:${String(Math.random())}`;
    // A short drop grace, so a device that does not come back drops out within the test.
    const env = { CALL_DROP_GRACE_MS: '600' };
    nodeA = await startLiveApp(dialect, {
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      env,
    });
    nodeB = await startLiveApp(dialect, {
      db: nodeA.db,
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      env,
    });
  });
  afterAll(async () => {
    await nodeB.dispose();
    await nodeA.dispose();
  });

  it('rings a callee on the other node and relays signals to exactly its device', async () => {
    const ann = await viewerOf(nodeA.db, PEOPLE.ann);
    const sent = await sendMessage(nodeA.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'ring across nodes',
      offline_threading_id: 'calls-nodes-1',
    });
    const annOnA = await device(nodeA, 'ann', 'ann-node-a');
    const benOnB = await device(nodeB, 'ben', 'ben-node-b');
    const benOtherOnB = await device(nodeB, 'ben', 'ben-node-b-2');
    const callId = `${String(Date.now())}42`;
    annOnA.send({
      type: 'call_action',
      request_id: 'n1',
      action: 'start',
      call_id: callId,
      thread_id: sent.message.thread_id,
      kind: 'video',
    });
    await benOnB.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'call_updated' &&
        f.delta.call.call_id === callId &&
        f.delta.call.participants.some((p) => p.user_id === PEOPLE.ben && p.state === 'ringing'),
    );
    benOnB.send({ type: 'call_action', request_id: 'n2', action: 'answer', call_id: callId });
    await benOnB.waitFor((f) => f.type === 'call_result' && f.request_id === 'n2');
    benOnB.send({
      type: 'call_signal',
      call_id: callId,
      to_device: 'ann-node-a',
      payload: { description: { type: 'offer', sdp: 'v=0' } },
    });
    expect(await annOnA.waitFor((f) => f.type === 'call_signal')).toMatchObject({
      from_user: PEOPLE.ben,
      from_device: 'ben-node-b',
    });
    annOnA.send({
      type: 'call_signal',
      call_id: callId,
      to_device: 'ben-node-b',
      payload: { description: { type: 'answer', sdp: 'v=0' } },
    });
    expect(await benOnB.waitFor((f) => f.type === 'call_signal')).toMatchObject({
      from_device: 'ann-node-a',
    });
    expect(benOtherOnB.frames.some((f) => f.type === 'call_signal')).toBe(false);
    annOnA.send({ type: 'call_action', request_id: 'n3', action: 'hangup', call_id: callId });
    await benOnB.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'call_updated' &&
        f.delta.call.call_id === callId &&
        f.delta.call.status === 'ended',
    );
  });

  it('keeps a device in the call when its socket moves to the other node, drops it when it does not come back', async () => {
    const ann = await viewerOf(nodeA.db, PEOPLE.ann);
    const sent = await sendMessage(nodeA.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'a call that moves nodes',
      offline_threading_id: 'calls-nodes-2',
    });
    const annOnA = await device(nodeA, 'ann', 'ann-move-a');
    const benOnB = await device(nodeB, 'ben', 'ben-move');
    const callId = `${String(Date.now())}43`;
    const callOf = (
      state: (c: { status: string; participants: { user_id: string; state: string }[] }) => boolean,
    ) =>
      annOnA.waitFor(
        (f) =>
          f.type === 'delta' &&
          f.delta.kind === 'call_updated' &&
          f.delta.call.call_id === callId &&
          state(f.delta.call),
        0,
        5000,
      );
    annOnA.send({
      type: 'call_action',
      request_id: 'm1',
      action: 'start',
      call_id: callId,
      thread_id: sent.message.thread_id,
      kind: 'voice',
    });
    await benOnB.waitFor(
      (f) =>
        f.type === 'delta' && f.delta.kind === 'call_updated' && f.delta.call.call_id === callId,
    );
    benOnB.send({ type: 'call_action', request_id: 'm2', action: 'answer', call_id: callId });
    const answered = await benOnB.waitFor((f) => f.type === 'call_result' && f.request_id === 'm2');
    expect(answered).not.toHaveProperty('error');
    // Ben's tab loses node B and reconnects, with the same device id, to node A.
    await benOnB.close();
    const benOnA = await device(nodeA, 'ben', 'ben-move');
    // Past node B's grace period: still in the call (B saw the socket close, A saw it come back).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const benDropped = annOnA.frames.some(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'call_updated' &&
        f.delta.call.call_id === callId &&
        f.delta.call.participants.some(
          (p) => p.user_id === PEOPLE.ben && p.state === 'connection_dropped',
        ),
    );
    expect(benDropped).toBe(false);
    // Now it goes for good: the call ends with Ben dropped.
    await benOnA.close();
    const ended = await callOf((c) => c.status === 'ended');
    expect(ended).toMatchObject({ type: 'delta' });
    if (ended.type !== 'delta' || ended.delta.kind !== 'call_updated') throw new Error('no call');
    expect(ended.delta.call.participants.find((p) => p.user_id === PEOPLE.ben)?.state).toBe(
      'connection_dropped',
    );
    await annOnA.close();
  });
});
