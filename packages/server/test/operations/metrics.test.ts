import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedisReachable, TEST_REDIS_URL } from '../sync/support/redis';
import { eventually, SyncClient } from '../sync/support/socket';
import type { Session } from '../support/session';
import { isPostgresReachable } from '../support/test-db';
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

/*
 * The messenger's own Prometheus metrics (issue 36, item 5), read from
 * /metrics of two real nodes on PostgreSQL and Redis: each metric exists
 * before anything happens and moves when the work it counts is done.
 */
const ready = (await isPostgresReachable()) && (await isRedisReachable());
if (!ready) console.warn('\n!!! the metrics test needs PostgreSQL and Redis: SKIPPED.\n');

const WAIT_MS = 30_000;
const DASHBOARD = fileURLToPath(
  new URL('../../../../deploy/grafana/messenger.json', import.meta.url),
);

/** Prometheus text: `name{labels} value` per line, summed over series that match `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  let found = false;
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (match?.[1] !== name) continue;
    const own = match[2] ?? '';
    if (!Object.entries(labels).every(([k, v]) => own.includes(`${k}="${v}"`))) continue;
    found = true;
    sum += Number(match[3]);
  }
  return found ? sum : null;
}

/** /metrics is served on the public listener only to this bearer token (SECURITY.md). */
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

async function scrape(node: RunningServer): Promise<string> {
  const response = await fetch(`${node.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Waits until the metric on `node` has grown past `than`. */
async function grows(
  node: RunningServer,
  name: string,
  labels: Record<string, string>,
  than: number,
): Promise<number> {
  return eventually(
    async () => sample(await scrape(node), name, labels) ?? 0,
    (value) => value > than,
    WAIT_MS,
  );
}

describe.skipIf(!ready)('Prometheus metrics of the messenger’s work, on two nodes', () => {
  let storage: Storage | undefined;
  let nodeA: RunningServer | undefined;
  let nodeB: RunningServer | undefined;
  const sockets: SyncClient[] = [];
  const node = (which: RunningServer | undefined): RunningServer => {
    if (which === undefined) throw new Error('the node did not start');
    return which;
  };

  beforeAll(async () => {
    storage = await postgresStorage();
    await importNetworkFile(storage.networkFile, storage.env);
    const env = {
      ...storage.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_CHANNEL: `messenger:metrics:${randomBytes(6).toString('hex')}`,
      METRICS_TOKEN,
    };
    const [a, b] = await Promise.allSettled([
      ServerProcess.start('node A', env),
      ServerProcess.start('node B', env),
    ]);
    if (a.status === 'fulfilled') nodeA = a.value;
    if (b.status === 'fulfilled') nodeB = b.value;
    for (const result of [a, b]) if (result.status === 'rejected') throw result.reason;
  }, 240_000);

  afterAll(async () => {
    for (const client of sockets) client.ws.terminate();
    await Promise.allSettled([nodeA?.kill(), nodeB?.kill()]);
    await storage?.dispose();
  }, 120_000);

  it('exposes every metric, by Prometheus conventions, before any work', async () => {
    const text = await scrape(node(nodeA));
    const declared = (name: string, type: string) => `# TYPE ${name} ${type}`;
    for (const [name, type] of [
      ['messenger_sync_sockets', 'gauge'],
      ['messenger_sync_hellos_total', 'counter'],
      ['messenger_deltas_appended_total', 'counter'],
      ['messenger_deltas_pushed_total', 'counter'],
      ['messenger_send_batch_size', 'histogram'],
      ['messenger_send_batch_duration_seconds', 'histogram'],
      ['messenger_bus_lag_seconds', 'histogram'],
      ['messenger_presence_reports_total', 'counter'],
      ['messenger_calls', 'gauge'],
      ['messenger_search_duration_seconds', 'histogram'],
    ] as const) {
      expect(text, name).toContain(declared(name, type));
    }
    expect(sample(text, 'messenger_sync_sockets')).toBe(0);
    expect(sample(text, 'messenger_calls', { status: 'ringing' })).toBe(0);
  });

  it('has every metric the Grafana dashboard (deploy/grafana/messenger.json) queries', async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const text = await scrape(node(nodeA));
    const queried = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap(
        (target) =>
          target.expr.match(/\b(?:messenger|http|login|nodejs|process)_[a-z0-9_]+\b/g) ?? [],
      ),
    );
    expect(queried.length).toBeGreaterThan(10);
    for (const name of new Set(queried)) {
      const base = name.replace(/_(bucket|sum|count)$/, '');
      expect(text, name).toMatch(new RegExp(`^# TYPE (${name}|${base}) `, 'm'));
    }
  });

  it('moves with sockets, hellos, sends, deltas, the bus, presence, search and calls', async () => {
    const a = node(nodeA);
    const b = node(nodeB);
    const rin: Session = await httpLogin(a.baseUrl, crewUsername('rin'), CREW_PASSWORD);
    const sol: Session = await httpLogin(b.baseUrl, crewUsername('sol'), CREW_PASSWORD);
    const beforeA = await scrape(a);
    const beforeB = await scrape(b);
    const was = (text: string, name: string, labels: Record<string, string> = {}) =>
      sample(text, name, labels) ?? 0;

    // sol's socket on node B: an open socket, a fresh hello, a presence report.
    const solOnB = await SyncClient.connect(b.syncUrl, { cookie: sol.cookie });
    sockets.push(solOnB);
    const { seq } = await solOnB.hello(0);
    expect(sample(await scrape(b), 'messenger_sync_sockets')).toBe(1);
    await grows(
      b,
      'messenger_sync_hellos_total',
      { kind: 'fresh' },
      was(beforeB, 'messenger_sync_hellos_total', { kind: 'fresh' }),
    );
    await grows(
      b,
      'messenger_presence_reports_total',
      { status: 'ACTIVE' },
      was(beforeB, 'messenger_presence_reports_total', { status: 'ACTIVE' }),
    );

    // rin sends through node A; sol's socket on node B gets it over the bus.
    const sent = await httpSend(a.baseUrl, rin, {
      recipient_id: CREW.sol,
      text: 'counted',
      offline_threading_id: 'metrics-1',
    });
    await solOnB.waitFor(
      (f) => f.type === 'delta' && JSON.stringify(f).includes(sent.message.id),
      0,
      WAIT_MS,
    );
    const afterA = await scrape(a);
    expect(was(afterA, 'messenger_send_batch_size_count')).toBeGreaterThan(
      was(beforeA, 'messenger_send_batch_size_count'),
    );
    expect(was(afterA, 'messenger_send_batch_duration_seconds_count')).toBeGreaterThan(
      was(beforeA, 'messenger_send_batch_duration_seconds_count'),
    );
    // A message is at least a delta in the sender's log and one in the recipient's.
    expect(
      was(afterA, 'messenger_deltas_appended_total') -
        was(beforeA, 'messenger_deltas_appended_total'),
    ).toBeGreaterThanOrEqual(2);
    await grows(
      b,
      'messenger_deltas_pushed_total',
      {},
      was(beforeB, 'messenger_deltas_pushed_total'),
    );
    await grows(
      b,
      'messenger_bus_lag_seconds_count',
      {},
      was(beforeB, 'messenger_bus_lag_seconds_count'),
    );

    // sol comes back from where it was: a resume.
    solOnB.ws.terminate();
    const again = await SyncClient.connect(b.syncUrl, { cookie: sol.cookie });
    sockets.push(again);
    await again.hello(seq + 1);
    await grows(
      b,
      'messenger_sync_hellos_total',
      { kind: 'resume' },
      was(beforeB, 'messenger_sync_hellos_total', { kind: 'resume' }),
    );

    // A search on node A, timed by its kind.
    const search = await fetch(`${a.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: rin.cookie,
        'x-csrf-token': rin.csrf,
      },
      body: JSON.stringify({ query: '{ search_combined(query: "so") { __typename } }' }),
    });
    expect(search.status).toBe(200);
    await grows(
      a,
      'messenger_search_duration_seconds_count',
      { kind: 'combined' },
      was(beforeA, 'messenger_search_duration_seconds_count', { kind: 'combined' }),
    );

    // rin calls sol from node A: node B (same database) counts a ringing call.
    const rinOnA = await SyncClient.connect(a.syncUrl, { cookie: rin.cookie });
    sockets.push(rinOnA);
    await rinOnA.hello(0);
    rinOnA.send({
      type: 'call_action',
      request_id: 'metrics-call',
      action: 'start',
      call_id: `${String(Date.now())}77`,
      thread_id: sent.message.thread_id,
      kind: 'voice',
    });
    await grows(b, 'messenger_calls', { status: 'ringing' }, 0);
  }, 120_000);
});
