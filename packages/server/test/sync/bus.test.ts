import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import { InProcessBus, type BusMessage, type SyncBus } from '../../src/features/sync/bus';
import { INLINE_LIMIT_BYTES } from '../../src/features/sync/bus-codec';
import { RedisBus } from '../../src/features/sync/redis-bus';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from './support/app';
import { isRedisReachable, TEST_REDIS_URL } from './support/redis';
import { pause } from './support/socket';
import { PEOPLE, viewerOf } from './support/world';

const logger = createLogger('silent');
const redis = await isRedisReachable();
const dialects = await dialectsUnderTest();

const note = (userId: string, seq: number): BusMessage => ({
  type: 'deltas',
  notes: [
    {
      userId,
      seq,
      deltas: [{ seq, payload: '{"kind":"read_receipt","thread_id":"1","user_id":"2","seq":1}' }],
    },
  ],
});

function collect(bus: SyncBus): BusMessage[] {
  const seen: BusMessage[] = [];
  bus.subscribe((m) => seen.push(m));
  return seen;
}

describe('in-process bus', () => {
  it('hands every message to every subscriber, in order, after publish returns', async () => {
    const bus = new InProcessBus();
    const a = collect(bus);
    const b = collect(bus);
    const done = bus.publish(note('1', 1));
    expect(a).toEqual([]);
    await done;
    await bus.publish(note('1', 2));
    await pause(0);
    expect(a).toEqual([note('1', 1), note('1', 2)]);
    expect(b).toEqual(a);
  });

  it('stops delivering to an unsubscribed handler and after close', async () => {
    const bus = new InProcessBus();
    const seen: BusMessage[] = [];
    const off = bus.subscribe((m) => seen.push(m));
    off();
    await bus.publish(note('1', 1));
    const after = collect(bus);
    await bus.close();
    await bus.publish(note('1', 2));
    await pause(0);
    expect(seen).toEqual([]);
    expect(after).toEqual([]);
  });

  it('keeps delivering to others when one handler throws', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessBus('n', (e) => errors.push(e));
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const seen = collect(bus);
    await bus.publish(note('1', 1));
    await pause(0);
    expect(seen).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});

describe.skipIf(!redis)('Redis bus', () => {
  const buses: RedisBus[] = [];
  const connect = async (channel: string): Promise<RedisBus> => {
    const bus = await RedisBus.connect(TEST_REDIS_URL, logger, channel);
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
  });

  it('carries messages between nodes in order, each once, the publisher included', async () => {
    const channel = `test:${Date.now()}:${Math.random()}`;
    const a = await connect(channel);
    const b = await connect(channel);
    expect(a.nodeId).not.toBe(b.nodeId);
    const atA = collect(a);
    const atB = collect(b);
    for (let seq = 1; seq <= 20; seq += 1) await a.publish(note('7', seq));
    await b.publish({ type: 'ephemeral', userIds: ['7'], frame: '{"type":"pong"}' });
    const deadline = Date.now() + 3000;
    while ((atB.length < 21 || atA.length < 21) && Date.now() < deadline) await pause(10);
    // Each publisher's messages keep their order; between publishers there is none.
    const fromA = (seen: BusMessage[]) => seen.filter((m) => m.type === 'deltas');
    const pong = { type: 'ephemeral', userIds: ['7'], frame: '{"type":"pong"}' };
    expect(fromA(atB)).toEqual(Array.from({ length: 20 }, (_, i) => note('7', i + 1)));
    expect(fromA(atA)).toEqual(fromA(atB));
    expect(atA.filter((m) => m.type === 'ephemeral')).toEqual([pong]);
    expect(atB.filter((m) => m.type === 'ephemeral')).toEqual([pong]);
  });

  it('drops oversized inline deltas but keeps the note (receivers read the log)', async () => {
    const channel = `test:${Date.now()}:${Math.random()}`;
    const a = await connect(channel);
    const b = await connect(channel);
    const atB = collect(b);
    const payload = JSON.stringify({ kind: 'read_receipt', pad: 'x'.repeat(INLINE_LIMIT_BYTES) });
    await a.publish({
      type: 'deltas',
      notes: [{ userId: '9', seq: 4, deltas: [{ seq: 4, payload }] }],
    });
    const deadline = Date.now() + 3000;
    while (atB.length < 1 && Date.now() < deadline) await pause(10);
    expect(atB).toEqual([{ type: 'deltas', notes: [{ userId: '9', seq: 4, deltas: [] }] }]);
  });
});

/** Two app nodes on one database, joined by Redis: what node A commits reaches sockets on node B. */
describe.skipIf(!redis).each(dialects)('two nodes over Redis (%s)', (dialect) => {
  let nodeA: LiveApp;
  let nodeB: LiveApp;
  beforeAll(async () => {
    const channel = `test:${Date.now()}:${Math.random()}`;
    nodeA = await startLiveApp(dialect, {
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
    });
    nodeB = await startLiveApp(dialect, {
      db: nodeA.db,
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
    });
  });
  afterAll(async () => {
    await nodeB.dispose();
    await nodeA.dispose();
  });

  it('delivers a message sent on node A to a socket on node B, and typing across nodes', async () => {
    const benOnB = await nodeB.socket('ben');
    const { seq } = await benOnB.hello(0);
    const ann = await viewerOf(nodeA.db, PEOPLE.ann);
    const sent = await sendMessage(nodeA.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'across nodes',
      offline_threading_id: 'nodes-1',
    });
    await benOnB.waitForSeq(seq + 2);
    expect(benOnB.deltas('message_new')).toEqual([{ kind: 'message_new', message: sent.message }]);

    const annOnA = await nodeA.socket('ann');
    await annOnA.hello(0);
    annOnA.send({ type: 'typing', thread_id: sent.message.thread_id, state: 'typing' });
    expect(
      await benOnB.waitFor((f) => f.type === 'typing' && f.thread_id === sent.message.thread_id),
    ).toMatchObject({ user_id: PEOPLE.ann, state: 'typing' });
  });
});
