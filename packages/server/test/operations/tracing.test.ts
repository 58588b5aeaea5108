import type { ServerFrame } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createGroup } from '../../src/features/messaging/group-service';
import { trace } from '@opentelemetry/api';
import {
  contextFromTraceparent,
  sdkStarts,
  traceparentOf,
} from '../../src/features/observability/tracing';
import type { BusMessage } from '../../src/features/sync/bus';
import { RedisBus } from '../../src/features/sync/redis-bus';
import { createLogger } from '../../src/logger';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { send } from '../sync/support/gql';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import { pause, type SyncClient } from '../sync/support/socket';
import { PEOPLE, viewerOf } from '../sync/support/world';
import { OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';

/*
 * Issue 36: OpenTelemetry traces of a send, from the request to the last
 * socket write, exported over OTLP/HTTP (JSON) to a real HTTP receiver.
 */
const dialects = await dialectsUnderTest();
const redis = await isRedisReachable();
/** PostgreSQL for the two nodes when it is here (as deployed); else both share the SQLite file. */
const clusterDialect = dialects.at(-1) ?? 'sqlite';

const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;
const TEXT = 'a secret recipe';

type SendResult = Extract<ServerFrame, { type: 'send_result' }>;

/** Tracing at the receiver; the batch processor's own delay is long: tests flush. */
const tracingEnv = (receiver: OtlpReceiver, service: string): Record<string, string> => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_SERVICE_NAME: service,
  OTEL_BSP_SCHEDULE_DELAY: '60000',
});

async function sendOverSocket(
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

const hasMessage = (messageId: string) => (f: ServerFrame) =>
  f.type === 'delta' && f.delta.kind === 'message_new' && f.delta.message.id === messageId;

/** Flushes the nodes' exporters until the trace of `messageId` is `done`; returns its spans. */
async function traceOfMessage(
  receiver: OtlpReceiver,
  nodes: LiveApp[],
  messageId: string,
  done: (spans: ReceivedSpan[]) => boolean,
): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    await Promise.all(
      nodes.map(async (node) => {
        await node.ctx.tracing?.flush();
      }),
    );
    const root = receiver.spans.find((s) => s.attributes['messaging.message.id'] === messageId);
    const spans = root === undefined ? [] : receiver.traceOf(root.traceId);
    if (done(spans)) return spans;
    if (Date.now() > deadline) {
      const seen = spans.map((s) => `${s.service}:${s.name}`);
      throw new Error(`the trace is incomplete after 5 s: ${JSON.stringify(seen)}`);
    }
    await pause(20);
  }
}

const one = (spans: ReceivedSpan[], match: (span: ReceivedSpan) => boolean): ReceivedSpan => {
  const found = spans.filter(match);
  expect(found, JSON.stringify(spans.map((s) => s.name))).toHaveLength(1);
  return found[0] as ReceivedSpan;
};
const named = (name: string) => (span: ReceivedSpan) => span.name === name;

describe('traces of a send on one node (sqlite)', () => {
  let receiver: OtlpReceiver;
  let live: LiveApp;
  let threadId: string;
  let ann: SyncClient;
  let ben: SyncClient;
  let dot: SyncClient;

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    live = await startLiveApp('sqlite', { env: tracingEnv(receiver, 'messenger-test') });
    const group = await createGroup(live.ctx, await viewerOf(live.db, PEOPLE.ann), {
      name: 'Bakers',
      participant_ids: [PEOPLE.ben, PEOPLE.dot],
    });
    threadId = group.thread_id;
    [ann, ben, dot] = await Promise.all([
      live.socket('ann'),
      live.socket('ben'),
      live.socket('dot'),
    ]);
    await Promise.all([ann.hello(0), ben.hello(0), dot.hello(0)]);
  });
  afterAll(async () => {
    await live.dispose();
    await receiver.close();
  });

  it('makes one trace of a socket send: request, wait, transaction, publish, then a write per socket', async () => {
    const answer = await sendOverSocket(ann, 't1', {
      thread_id: threadId,
      text: TEXT,
      offline_threading_id: 'trace-1',
    });
    const messageId = answer.message?.id ?? '';
    expect(messageId).not.toBe('');
    await Promise.all([ben.waitFor(hasMessage(messageId)), dot.waitFor(hasMessage(messageId))]);

    // The sender's own socket gets the message's delta too: three sockets written.
    const spans = await traceOfMessage(
      receiver,
      [live],
      messageId,
      (found) => found.filter((s) => s.name === 'sync write').length >= 3,
    );
    expect(receiver.requests.every((r) => r.contentType.includes('application/json'))).toBe(true);
    const root = one(spans, named('send_message'));
    expect(root.parentSpanId).toBe('');
    expect(root.kind).toBe(SERVER);
    expect(root.service).toBe('messenger-test');
    expect(root.attributes).toMatchObject({
      'messenger.send.door': 'socket',
      'messaging.message.conversation_id': threadId,
      'messenger.send.created': true,
    });
    const wait = one(spans, named('send_message wait'));
    const transaction = one(spans, named('send_message transaction'));
    const publish = one(spans, named('send sync'));
    for (const child of [wait, transaction, publish]) expect(child.parentSpanId).toBe(root.spanId);
    expect(transaction.attributes).toMatchObject({ 'db.system.name': 'sqlite' });
    expect(transaction.startNs).toBeGreaterThanOrEqual(wait.endNs);
    expect(publish.startNs).toBeGreaterThanOrEqual(transaction.endNs);
    expect(publish.kind).toBe(PRODUCER);
    expect(publish.attributes).toMatchObject({
      'messaging.system': 'in_process',
      'messaging.destination.name': 'sync',
      'messaging.operation.type': 'send',
      'messaging.batch.message_count': 3,
    });
    const processed = one(spans, named('process sync'));
    expect(processed.parentSpanId).toBe(publish.spanId);
    expect(processed.kind).toBe(CONSUMER);
    expect(processed.attributes).toMatchObject({ 'messenger.sockets.written': 3 });
    const writes = spans.filter(named('sync write'));
    expect(writes).toHaveLength(3);
    for (const write of writes) {
      expect(write.parentSpanId).toBe(processed.spanId);
      expect(write.attributes['messaging.batch.message_count']).toBe(1);
      expect(write.endNs).toBeLessThanOrEqual(processed.endNs);
    }
    // Ids and counts only: neither the text nor who sent or received it.
    const values = spans.flatMap((s) => Object.values(s.attributes).map(String));
    expect(values.some((v) => v.includes(TEXT))).toBe(false);
    for (const person of Object.values(PEOPLE)) expect(values).not.toContain(person);
  });

  it('roots a GraphQL send_message in its own trace, through to the socket writes', async () => {
    const sent = await send(live.app, await live.session('ben'), {
      thread_id: threadId,
      text: TEXT,
      offline_threading_id: 'trace-2',
    });
    const messageId = sent.message.id;
    await Promise.all([ann.waitFor(hasMessage(messageId)), dot.waitFor(hasMessage(messageId))]);
    const spans = await traceOfMessage(
      receiver,
      [live],
      messageId,
      (found) => found.filter((s) => s.name === 'sync write').length >= 3,
    );
    const root = one(spans, named('send_message'));
    expect(root.attributes['messenger.send.door']).toBe('graphql');
    const publish = one(spans, named('send sync'));
    expect(publish.parentSpanId).toBe(root.spanId);
    const processed = one(spans, named('process sync'));
    expect(processed.parentSpanId).toBe(publish.spanId);
    // An earlier trace's spans are not in this one.
    expect(spans.every((s) => s.traceId === root.traceId)).toBe(true);
    expect(spans.filter(named('send_message'))).toHaveLength(1);
  });

  it('gives each send of a shared batch its own wait and transaction, and links the publish to both', async () => {
    // Two sockets' sends in one turn: most often one batch (group commit), sometimes two.
    const [first, second] = await Promise.all([
      sendOverSocket(ann, 'b1', { thread_id: threadId, text: 'one', offline_threading_id: 'b-1' }),
      sendOverSocket(ben, 'b2', { thread_id: threadId, text: 'two', offline_threading_id: 'b-2' }),
    ]);
    const ids = [first.message?.id ?? '', second.message?.id ?? ''];
    await Promise.all(ids.map((id) => dot.waitFor(hasMessage(id))));
    const traces = await Promise.all(
      ids.map((id) =>
        traceOfMessage(receiver, [live], id, (found) =>
          found.some((s) => s.name === 'send_message transaction'),
        ),
      ),
    );
    const roots = traces.map((spans) => one(spans, named('send_message')));
    expect(roots[0]?.traceId).not.toBe(roots[1]?.traceId);
    traces.forEach((spans, i) => {
      const root = roots[i];
      for (const name of ['send_message wait', 'send_message transaction'])
        expect(one(spans, named(name)).parentSpanId).toBe(root?.spanId);
    });
    const batched = traces.map((spans) => one(spans, named('send_message transaction')).attributes);
    // Published before dot got the deltas (the in-process bus hands them out after publish).
    await live.ctx.tracing?.flush();
    const ours = receiver.spans.filter(
      (p) => p.name === 'send sync' && roots.some((r) => r.spanId === p.parentSpanId),
    );
    if (batched.every((a) => a['messaging.batch.message_count'] === 2)) {
      // One transaction, one bus message: its publish sits in one trace and links the other root.
      expect(ours).toHaveLength(1);
      const publish = ours[0] as ReceivedSpan;
      const other = roots.find((r) => r.spanId !== publish.parentSpanId);
      expect(publish.links).toEqual([{ traceId: other?.traceId, spanId: other?.spanId }]);
    } else {
      expect(ours).toHaveLength(2);
    }
  });
});

describe.skipIf(!redis)(`traces across two nodes over Redis (${clusterDialect})`, () => {
  const logger = createLogger('silent');
  let receiver: OtlpReceiver;
  let nodeA: LiveApp;
  let nodeB: LiveApp;

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    const channel = `test:tracing:${String(Date.now())}:${String(Math.random())}`;
    nodeA = await startLiveApp(clusterDialect, {
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      env: tracingEnv(receiver, 'node-a'),
    });
    nodeB = await startLiveApp(clusterDialect, {
      db: nodeA.db,
      bus: await RedisBus.connect(TEST_REDIS_URL, logger, channel),
      env: tracingEnv(receiver, 'node-b'),
    });
  });
  afterAll(async () => {
    await nodeB.dispose();
    await nodeA.dispose();
    await receiver.close();
  });

  it("puts the receiving node's socket write in the sender's trace, under the publish", async () => {
    const annOnA = await nodeA.socket('ann');
    const benOnB = await nodeB.socket('ben');
    await Promise.all([annOnA.hello(0), benOnB.hello(0)]);
    const answer = await sendOverSocket(annOnA, 'x1', {
      recipient_id: PEOPLE.ben,
      text: TEXT,
      offline_threading_id: 'trace-nodes-1',
    });
    const messageId = answer.message?.id ?? '';
    await benOnB.waitFor(hasMessage(messageId));

    const onB = (s: ReceivedSpan): boolean => s.service === 'node-b';
    const spans = await traceOfMessage(receiver, [nodeA, nodeB], messageId, (found) =>
      found.some((s) => onB(s) && s.name === 'sync write'),
    );
    const root = one(spans, named('send_message'));
    expect(root.service).toBe('node-a');
    const publish = one(spans, named(`send ${nodeA.ctx.bus.destination.name}`));
    expect(publish.service).toBe('node-a');
    expect(publish.attributes['messaging.system']).toBe('redis');
    const processedOnB = one(spans, (s) => onB(s) && s.name.startsWith('process '));
    expect(processedOnB.traceId).toBe(root.traceId);
    expect(processedOnB.parentSpanId).toBe(publish.spanId);
    expect(processedOnB.attributes['messenger.node.id']).toBe(nodeB.ctx.bus.nodeId);
    const writeOnB = one(spans, (s) => onB(s) && s.name === 'sync write');
    expect(writeOnB.traceId).toBe(root.traceId);
    expect(writeOnB.parentSpanId).toBe(processedOnB.spanId);

    // Node B hears the next note too, but holds no socket of ann's or dot's: it adds nothing.
    const toDot = await sendOverSocket(annOnA, 'x2', {
      recipient_id: PEOPLE.dot,
      text: TEXT,
      offline_threading_id: 'trace-nodes-2',
    });
    const dotTrace = await traceOfMessage(
      receiver,
      [nodeA, nodeB],
      toDot.message?.id ?? '',
      (found) => found.some((s) => s.name === 'sync write'),
    );
    await pause(100);
    await nodeB.ctx.tracing?.flush();
    expect(receiver.traceOf(dotTrace[0]?.traceId ?? '').filter(onB)).toEqual([]);
    expect(one(dotTrace, (s) => s.name.startsWith('process ')).service).toBe('node-a');
  });
});

describe('tracing off (the default)', () => {
  let receiver: OtlpReceiver;
  let live: LiveApp;
  const saved = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    // Were anything to read the process's OTEL_* behind the config's back, it would export here.
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `${receiver.endpoint}/v1/traces`;
    live = await startLiveApp('sqlite');
  });
  afterAll(async () => {
    await live.dispose();
    await receiver.close();
    if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = saved;
  });

  it('reads no OTEL_* setting as on, starts no SDK, exports nothing and adds no trace to the bus', async () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(live.ctx.tracing).toBeUndefined();
    const startsBefore = sdkStarts.count;
    const published: BusMessage[] = [];
    const unsubscribe = live.ctx.bus.subscribe((message) => published.push(message));
    const ann = await live.socket('ann');
    const ben = await live.socket('ben');
    await Promise.all([ann.hello(0), ben.hello(0)]);
    const answer = await sendOverSocket(ann, 'off-1', {
      recipient_id: PEOPLE.ben,
      text: TEXT,
      offline_threading_id: 'trace-off-1',
    });
    await ben.waitFor(hasMessage(answer.message?.id ?? ''));
    await pause(200);
    unsubscribe();
    const deltas = published.filter((m) => m.type === 'deltas');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.every((m) => m.trace === undefined)).toBe(true);
    expect(receiver.requests).toEqual([]);
    expect(sdkStarts.count).toBe(startsBefore);
  });
});

describe('tracing settings', () => {
  it('turns on with an endpoint or OTEL_TRACES_EXPORTER=otlp, and off with none or OTEL_SDK_DISABLED', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318/' }).tracing).toMatchObject({
      url: 'http://otel:4318/v1/traces',
      serviceName: 'messenger',
      sampler: 'parentbased_always_on',
    });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing?.url).toBe(
      'http://localhost:4318/v1/traces',
    );
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://tempo.example.org/otlp/v1/traces',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-scope-orgid=ops',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }).tracing,
    ).toMatchObject({
      url: 'https://tempo.example.org/otlp/v1/traces',
      headers: { authorization: 'Bearer abc', 'x-scope-orgid': 'ops' },
      samplerRatio: 0.1,
    });
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' };
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeUndefined();
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
  });

  it('refuses what it cannot honour, naming the variable', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL.*http\/json/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'novalue' })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(/OTEL_TRACES_EXPORTER/);
  });
});

describe('traceparent on the bus', () => {
  it('reads back what it writes, and ignores what is malformed', () => {
    const spanContext = {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: 1,
    };
    const text = traceparentOf(spanContext);
    expect(text).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    const parsed = contextFromTraceparent(text);
    expect(parsed && trace.getSpanContext(parsed)).toMatchObject({
      ...spanContext,
      isRemote: true,
    });
    for (const bad of [
      '',
      'garbage',
      'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      '00-00000000000000000000000000000000-b7ad6b7169203331-01',
      '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01',
      '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01',
    ])
      expect(contextFromTraceparent(bad)).toBeUndefined();
  });
});
