import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import { SyncClient } from '../sync/support/socket';
import type { Session } from '../support/session';
import { isPostgresReachable } from '../support/test-db';
import { expectExactlyOnce, expectSeamlessLog, receivedMessageIds } from '../scale/support/checks';
import {
  CREW,
  CREW_PASSWORD,
  crewUsername,
  postgresStorage,
  type Storage,
} from '../scale/support/fixture';
import { httpLogin, httpSend } from '../scale/support/http-client';
import {
  importNetworkFile,
  ServerProcess,
  type RunningServer,
} from '../scale/support/node-process';
import { nginxBinary, startBalancer, type Balancer } from './support/nginx';

/*
 * Issue 36, item 3: Debian's nginx in front of two nodes on PostgreSQL and
 * Redis, configured by deploy/nginx/messenger-locations.conf: WebSocket
 * upgrade, no sticky sessions. A client on the balancer's address receives
 * what is sent through the other node; its node is killed mid-conversation
 * and the client, reconnecting to the same address, resumes on the surviving
 * node with every message exactly once.
 */
const nginx = nginxBinary();
const ready = nginx !== null && (await isPostgresReachable()) && (await isRedisReachable());
if (!ready) {
  console.warn(
    '\n!!! the nginx cluster test needs nginx (scripts/install-nginx.sh), PostgreSQL and Redis: SKIPPED.\n',
  );
}

const WAIT_MS = 30_000;

/** /metrics answers only this bearer token on the public listener (SECURITY.md). */
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

async function socketsOn(node: RunningServer): Promise<number> {
  const response = await fetch(`${node.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text.split('\n').find((l) => l.startsWith('messenger_sync_sockets '));
  return Number(line?.split(' ')[1] ?? 0);
}

describe.skipIf(!ready)('two nodes behind nginx', () => {
  let storage: Storage | undefined;
  const nodes: RunningServer[] = [];
  let balancer: Balancer | undefined;
  const sockets: SyncClient[] = [];

  beforeAll(async () => {
    storage = await postgresStorage();
    await importNetworkFile(storage.networkFile, storage.env);
    const env = {
      ...storage.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_CHANNEL: `messenger:nginx:${randomBytes(6).toString('hex')}`,
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN,
    };
    const started = await Promise.allSettled([
      ServerProcess.start('node A', env),
      ServerProcess.start('node B', env),
    ]);
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    balancer = await startBalancer(
      nginx ?? 'nginx',
      nodes.map((node) => new URL(node.baseUrl).host),
    );
  }, 240_000);

  afterAll(async () => {
    for (const client of sockets) client.ws.terminate();
    await balancer?.stop();
    await Promise.allSettled(nodes.map((node) => node.kill()));
    await storage?.dispose();
  }, 120_000);

  it('delivers across nodes by the balancer’s address, and resumes exactly once when a node dies', async () => {
    if (balancer === undefined) throw new Error('nginx did not start');
    const viaBalancer = balancer.url;
    const syncViaBalancer = `${viaBalancer.replace('http', 'ws')}/sync`;
    // Both log in through the balancer: whichever node answers, the session is the cluster's.
    const sol: Session = await httpLogin(viaBalancer, crewUsername('sol'), CREW_PASSWORD);
    const rin: Session = await httpLogin(viaBalancer, crewUsername('rin'), CREW_PASSWORD);

    // sol's socket through nginx (the upgrade passes); which node holds it, its metrics say.
    const first = await SyncClient.connect(syncViaBalancer, { cookie: sol.cookie });
    sockets.push(first);
    await first.hello(0);
    const counts = await Promise.all(nodes.map(socketsOn));
    const held = counts.indexOf(1);
    expect(counts.filter((n) => n === 1)).toHaveLength(1);
    const solsNode = nodes[held];
    const otherNode = nodes[1 - held];
    if (solsNode === undefined || otherNode === undefined) throw new Error('no nodes');

    const sent: string[] = [];
    const send = async (baseUrl: string): Promise<void> => {
      const result = await httpSend(baseUrl, rin, {
        recipient_id: CREW.sol,
        text: `through nginx ${String(sent.length)}`,
        offline_threading_id: `nginx-${String(sent.length)}`,
      });
      sent.push(result.message.id);
    };
    const received = (clients: SyncClient[]) => receivedMessageIds(clients);
    const waitForAll = async (clients: SyncClient[]): Promise<void> => {
      const deadline = Date.now() + WAIT_MS;
      while (!sent.every((id) => received(clients).includes(id))) {
        if (Date.now() > deadline) {
          throw new Error(
            `missing after ${String(WAIT_MS)} ms: ${JSON.stringify(sent)} vs ${JSON.stringify(received(clients))}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };

    // Sent through the other node (directly) and through the balancer (either node).
    for (let i = 0; i < 3; i += 1) await send(otherNode.baseUrl);
    for (let i = 0; i < 3; i += 1) await send(viaBalancer);
    await waitForAll([first]);

    // sol's node dies mid-conversation; rin goes on through the surviving node.
    await solsNode.kill();
    await first.closed;
    for (let i = 0; i < 4; i += 1) await send(otherNode.baseUrl);

    // The client reconnects to the same address; nginx passes it to the surviving node.
    const lastSeq = Math.max(...first.deltaFrames().map((f) => f.seq));
    const second = await SyncClient.connect(syncViaBalancer, { cookie: sol.cookie });
    sockets.push(second);
    const resumed = await second.hello(lastSeq);
    expect(resumed.resync).toBeNull();
    expect(await socketsOn(otherNode)).toBe(1);
    // And after the resume, live again across the balancer.
    await send(viaBalancer);
    await waitForAll([first, second]);

    expectExactlyOnce(received([first, second]), sent);
    expectSeamlessLog([first, second]);
    // The balancer still answers every request: the dead node is skipped.
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${viaBalancer}/readyz`)).status).toBe(200);
  }, 180_000);
});
