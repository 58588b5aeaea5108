import { randomBytes } from 'node:crypto';
import type { ServerFrame } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import { eventually, SyncClient } from '../sync/support/socket';
import type { Session } from '../support/session';
import { isPostgresReachable } from '../support/test-db';
import { expectExactlyOnce, expectSeamlessLog, receivedMessageIds, until } from './support/checks';
import {
  CREW,
  CREW_PASSWORD,
  crewUsername,
  postgresStorage,
  type CrewName,
  type Storage,
} from './support/fixture';
import { httpBuddies, httpLogin, httpSend } from './support/http-client';
import { importNetworkFile, ServerProcess, type RunningServer } from './support/node-process';

/*
 * Scale-out (issue 4, item 5) with real processes: two server nodes share one
 * PostgreSQL database and one Redis channel. Everything a test asserts went
 * through a node's HTTP API or /sync socket; the nodes are killed for real.
 */
const ready = (await isPostgresReachable()) && (await isRedisReachable());
if (!ready) {
  console.warn('\n!!! the two-node scale-out tests need PostgreSQL and Redis: SKIPPED.\n');
}

/** Bounds on a loaded 2-core machine: waits end as soon as the condition holds. */
const FRAME_WAIT_MS = 30_000;

const presenceOf =
  (userId: string, status: string) =>
  (f: ServerFrame): boolean =>
    f.type === 'presence' && f.user_id === userId && f.status === status;

describe.skipIf(!ready)('two server processes on PostgreSQL and Redis', () => {
  let storage: Storage | undefined;
  let nodeA: RunningServer | undefined;
  let nodeB: RunningServer | undefined;
  const sockets: SyncClient[] = [];
  const sessions = new Map<CrewName, Session>();
  /** Every message rin sent sol, in sending order. */
  const sentToSol: string[] = [];
  let threadId = '';

  const session = async (name: CrewName, node: RunningServer): Promise<Session> => {
    let s = sessions.get(name);
    if (s === undefined) {
      s = await httpLogin(node.baseUrl, crewUsername(name), CREW_PASSWORD);
      sessions.set(name, s);
    }
    return s;
  };
  const socket = async (name: CrewName, node: RunningServer): Promise<SyncClient> => {
    const s = await session(name, node);
    const client = await SyncClient.connect(node.syncUrl, { cookie: s.cookie });
    sockets.push(client);
    return client;
  };
  const node = (which: RunningServer | undefined): RunningServer => {
    if (which === undefined) throw new Error('the node did not start');
    return which;
  };
  const rinSends = async (text: string): Promise<void> => {
    const a = node(nodeA);
    const sent = await httpSend(a.baseUrl, await session('rin', a), {
      recipient_id: CREW.sol,
      text,
      offline_threading_id: `two-nodes-${String(sentToSol.length)}`,
    });
    sentToSol.push(sent.message.id);
    threadId = sent.message.thread_id;
  };

  let solOnB: SyncClient;
  let rinOnA: SyncClient;

  beforeAll(async () => {
    storage = await postgresStorage();
    await importNetworkFile(storage.networkFile, storage.env);
    // A channel of its own: other suites on the same Redis must not hear these notes.
    const env = {
      ...storage.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_CHANNEL: `messenger:scale:${randomBytes(6).toString('hex')}`,
      // A killed node's users lapse after three sweeps: 3 s here instead of 30 s.
      PRESENCE_SWEEP_MS: '1000',
    };
    const [a, b] = await Promise.allSettled([
      ServerProcess.start('node A', env),
      ServerProcess.start('node B', env),
    ]);
    // Keep whichever started, so afterAll stops it even when the other failed.
    if (a.status === 'fulfilled') nodeA = a.value;
    if (b.status === 'fulfilled') nodeB = b.value;
    for (const result of [a, b]) if (result.status === 'rejected') throw result.reason;
  }, 240_000);

  afterAll(async () => {
    for (const client of sockets) client.ws.terminate();
    await Promise.allSettled([nodeA?.kill(), nodeB?.kill()]);
    await storage?.dispose();
  }, 120_000);

  it('shows a user connected on one node as ACTIVE to friends on the other: buddy list, live push and snapshot', async () => {
    const a = node(nodeA);
    const b = node(nodeB);
    const buddiesOn = async (server: RunningServer, name: CrewName): Promise<string[]> =>
      httpBuddies(server.baseUrl, await session(name, server));
    expect(await buddiesOn(a, 'rin')).toContain(`${CREW.sol}-OFFLINE`);

    solOnB = await socket('sol', b);
    await solOnB.hello(0);
    // Node A's buddy list learns that sol is on node B (the bus carries nodes' presence reports).
    await eventually(
      () => buddiesOn(a, 'rin'),
      (buddies) => buddies.includes(`${CREW.sol}-ACTIVE`),
      FRAME_WAIT_MS,
    );
    rinOnA = await socket('rin', a);
    await rinOnA.hello(0);
    // Live: rin's change on A is pushed to sol's socket on B.
    await solOnB.waitFor(presenceOf(CREW.rin, 'ACTIVE'), 0, FRAME_WAIT_MS);
    // On connect: node A's snapshot after ready has sol, whose socket is on node B.
    await rinOnA.waitFor(presenceOf(CREW.sol, 'ACTIVE'), 0, FRAME_WAIT_MS);
    // A friend who connects to B later gets rin's status in the snapshot after ready.
    await eventually(
      () => buddiesOn(b, 'tam'),
      (buddies) => buddies.includes(`${CREW.rin}-ACTIVE`),
      FRAME_WAIT_MS,
    );
    const tamOnB = await socket('tam', b);
    const { seq } = await tamOnB.hello(0);
    expect(seq).toBe(0);
    await tamOnB.waitFor(presenceOf(CREW.rin, 'ACTIVE'), 0, FRAME_WAIT_MS);
  }, 120_000);

  it('passes a typing frame sent on node A to the other participant on node B', async () => {
    await rinSends('hello across nodes');
    const from = solOnB.frames.length;
    rinOnA.send({ type: 'typing', thread_id: threadId, state: 'typing' });
    const frame = await solOnB.waitFor(
      (f) => f.type === 'typing' && f.thread_id === threadId,
      from,
      FRAME_WAIT_MS,
    );
    expect(frame).toMatchObject({ type: 'typing', user_id: CREW.rin, state: 'typing' });
    expect(frame.type === 'typing' && frame.expires_in_ms > 0).toBe(true);
  }, 120_000);

  it('delivers what node A commits to a socket on node B; after B is killed the client resumes on A exactly once', async () => {
    // Live across nodes.
    for (let i = 0; i < 5; i += 1) await rinSends(`live ${String(i)}`);
    await until(
      () => receivedMessageIds([solOnB]).length >= sentToSol.length,
      () => `sol on B has ${JSON.stringify(receivedMessageIds([solOnB]))} of ${sentToSol.length}`,
    );
    expectExactlyOnce(receivedMessageIds([solOnB]), sentToSol);

    // Node B dies while A keeps taking messages; some may reach B's socket before it drops.
    const sends = (async () => {
      for (let i = 0; i < 12; i += 1) await rinSends(`while B dies ${String(i)}`);
    })();
    const rinFramesBeforeKill = rinOnA.frames.length;
    await node(nodeB).kill();
    const closed = await solOnB.closed;
    expect(closed.code).toBe(1006);
    await sends;

    // sol's client reconnects to A with the last seq it saw.
    const lastSeq = solOnB.lastSeq();
    const solOnA = await socket('sol', node(nodeA));
    await solOnA.hello(lastSeq);
    await until(
      () => receivedMessageIds([solOnB, solOnA]).length >= sentToSol.length,
      () => `sol has ${receivedMessageIds([solOnB, solOnA]).length} of ${sentToSol.length}`,
    );
    expectSeamlessLog([solOnB, solOnA]);
    expect(solOnA.deltaFrames().every((f) => f.seq > lastSeq)).toBe(true);
    expectExactlyOnce(receivedMessageIds([solOnB, solOnA]), sentToSol);

    // tam's only socket was on B: A lets B's report lapse and tells rin, who is on A.
    await rinOnA.waitFor(presenceOf(CREW.tam, 'OFFLINE'), rinFramesBeforeKill, 20_000);

    // Still live on A after the resume.
    await rinSends('after the resume');
    await until(
      () => receivedMessageIds([solOnA]).includes(sentToSol.at(-1) ?? ''),
      () => 'the last message did not reach sol on A',
    );
    expectSeamlessLog([solOnB, solOnA]);
    expectExactlyOnce(receivedMessageIds([solOnB, solOnA]), sentToSol);
  }, 180_000);
});
