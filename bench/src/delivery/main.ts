/**
 * Delivery benchmark (issue 4): N authenticated /sync sockets in group
 * threads, senders at a fixed rate through GraphQL send_message, against a
 * bare `ws` broadcast server measured in the same run; then the history-page
 * and resume-after-offline probes.
 *
 *   npm run -w @messenger/bench delivery -- [--sockets 2000] [--group-size 10] [--rate 200]
 *     [--seconds 20] [--warmup-seconds 10] [--dialect sqlite|postgres|both] [--send-via http|socket]
 *
 * `--send-via socket` sends each message as a `send` frame on the sender's own
 * sync socket (the bare server then takes them the same way); `http` (the
 * default) as a GraphQL send_message POST.
 *
 * The imported network is cached in bench/out/delivery-cache/ (SQLite) or a
 * bench_delivery_* database (PostgreSQL), keyed by its shape.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDb, type DialectName } from '../../../packages/server/src/storage/db';
import { describeMachine } from '../progress';
import { HttpClient, graphql, GRAPHQL_SEND } from './http';
import { measureCpu } from './cpu';
import { drain, Fleet, runSenders, type SendFn } from './load';
import {
  groupCount,
  groupThreadId,
  resumeSenderIndex,
  resumeThreadId,
  resumeUserIndex,
  type DeliveryNetworkShape,
} from './network';
import { createSessions, prepareDatabase, type BenchSession } from './prepare';
import { probeHistory, probeResume, distribution } from './probes';
import {
  BENCH_METRICS_TOKEN,
  rssOf,
  startBareServer,
  startMessenger,
  type ChildServer,
} from './processes';
import { printReport, type Phase, type SaturationStep, type TargetFigures } from './report';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    'group-size': { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    // A server is measured warm: its first seconds of sends also compile its send path
    // (hundreds of functions optimized, some twice) and fill its caches.
    'warmup-seconds': { type: 'string', default: '10' },
    dialect: { type: 'string', default: 'sqlite' },
    'saturate-seconds': { type: 'string', default: '10' },
    'send-via': { type: 'string', default: 'http' },
    // The ceiling needs each server saturated: at 64 sends in flight ours sat ~40% idle
    // waiting on its group commits while the bare server was already busy (RESULTS.md).
    // A closed loop per count of sends in flight; each server's ceiling is its best.
    'saturate-concurrency': { type: 'string', default: '256,512,1024' },
    'history-requests': { type: 'string', default: '400' },
    'resume-users': { type: 'string', default: '10' },
    'resume-threads': { type: 'string', default: '500' },
    'resume-deltas': { type: 'string', default: '3000' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'redis-url': {
      type: 'string',
      default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  },
});

const int = (name: string, raw: string, min: number, max: number): number => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
};
const groupSize = int('group-size', values['group-size'], 3, 250);
const shape: DeliveryNetworkShape = {
  people: Math.floor(int('sockets', values.sockets, groupSize, 50_000) / groupSize) * groupSize,
  groupSize,
  historyPerGroup: 120,
  resumeUsers: int('resume-users', values['resume-users'], 1, 100),
  resumeThreads: int('resume-threads', values['resume-threads'], 1, 5000),
};
const rate = int('rate', values.rate, 1, 100_000);
const seconds = int('seconds', values.seconds, 1, 600);
const warmupSeconds = int('warmup-seconds', values['warmup-seconds'], 0, 600);
const saturateSeconds = int('saturate-seconds', values['saturate-seconds'], 0, 600);
const saturateSteps = values['saturate-concurrency']
  .split(',')
  .map((raw) => int('saturate-concurrency', raw.trim(), 1, 4096));
const historyRequests = int('history-requests', values['history-requests'], 10, 100_000);
const resumeDeltas = int('resume-deltas', values['resume-deltas'], 1, 45_000);
const dialectChoices: Record<string, DialectName[]> = {
  sqlite: ['sqlite'],
  postgres: ['postgres'],
  both: ['sqlite', 'postgres'],
};
const sendVia = values['send-via'];
if (sendVia !== 'http' && sendVia !== 'socket')
  throw new Error('--send-via must be http or socket');
const chosen = dialectChoices[values.dialect];
if (chosen === undefined) throw new Error('--dialect must be sqlite, postgres or both');
const dialects: DialectName[] = chosen;
for (const url of [values['pg-url'], values['redis-url']]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
    throw new Error(`only loopback addresses: ${url}`);
}

const N = shape.people;
const groupOf = (i: number): number => Math.floor(i / groupSize);
/**
 * Spreads consecutive sends over the groups, rotating the sender within each.
 * The member's place is offset by the group's number so that consecutive
 * sends come from alternate places, hence alternate nodes (a socket's node is
 * its person's index mod the node count): with the same place in every group
 * for a whole round, one node took every send for seconds at a time while the
 * other only delivered.
 */
const senderOf = (n: number): number => {
  const groups = groupCount(shape);
  const group = n % groups;
  return group * groupSize + ((Math.floor(n / groups) + group) % groupSize);
};
const sum = (list: number[]): number => list.reduce((a, b) => a + b, 0);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const wsUrl = (http: string): string => http.replace(/^http:/, 'ws:');

interface LoadFigures {
  connectSeconds: number;
  bytesPerSocket: number;
  heapPerSocket: number | null;
  /** The same rate before `fixed`, not counted in it (null with --warmup-seconds 0). */
  warmup: Phase | null;
  fixed: Phase;
  /** One closed loop per count of sends in flight, in the order run. */
  saturation: SaturationStep[];
}

async function heapUsed(url: string): Promise<number | null> {
  try {
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    });
    const text = await response.text();
    const match = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(text);
    return match === null ? null : Number(match[1]);
  } catch {
    return null;
  }
}

/**
 * Opens the fleet, measures idle memory, then the fixed-rate and saturation
 * phases. `services`: the servers use this machine's PostgreSQL and Redis,
 * whose CPU counts in the phases' shares (cpu.ts).
 */
async function runLoad(
  label: string,
  servers: ChildServer[],
  spec: (i: number) => { url: string; headers: Record<string, string> },
  send: SendFn,
  services: boolean,
): Promise<{ fleet: Fleet; figures: LoadFigures }> {
  const fleet = new Fleet();
  await sleep(1000);
  const rssBefore = servers.reduce((sum, s) => sum + rssOf(s.pid), 0);
  const heaps = await Promise.all(servers.map((s) => heapUsed(s.url)));
  const connectSeconds = await fleet.open(label, N, spec);
  await sleep(3000);
  const rssAfter = servers.reduce((sum, s) => sum + rssOf(s.pid), 0);
  const heapsAfter = await Promise.all(servers.map((s) => heapUsed(s.url)));
  const heapDelta =
    heaps.includes(null) || heapsAfter.includes(null)
      ? null
      : sum(heapsAfter as number[]) - sum(heaps as number[]);
  console.log(
    `${label}: ${N} sockets ready in ${connectSeconds.toFixed(1)} s; server RSS ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MiB`,
  );

  const phase = async (
    tag: string,
    phaseRate: number | undefined,
    phaseSeconds: number,
    concurrency: number,
  ) => {
    const endCpu = measureCpu(
      servers.map((server) => server.pid),
      services,
    );
    const result = await runSenders(
      {
        label: `${label} ${tag}`,
        tag,
        seconds: phaseSeconds,
        rate: phaseRate,
        concurrency,
        fleet,
      },
      send,
    );
    // Over the sending window only, as the rates are.
    const cpu = endCpu(result.accepted);
    const delivered = await drain(fleet, tag, result.accepted * groupSize);
    const latency = distribution(fleet.statsOf(tag).latencies);
    if (result.firstError !== null)
      console.log(`${label} ${tag}: first error: ${result.firstError}`);
    return { ...result, delivered, latency, cpu };
  };
  const warmup =
    warmupSeconds > 0 ? await phase('warmup', rate, warmupSeconds, saturateSteps[0] ?? 256) : null;
  const fixed = await phase('fixed', rate, seconds, saturateSteps[0] ?? 256);
  const saturation: LoadFigures['saturation'] = [];
  if (saturateSeconds > 0) {
    for (const concurrency of saturateSteps) {
      const tag = `saturate${concurrency}`;
      saturation.push({
        concurrency,
        phase: await phase(tag, undefined, saturateSeconds, concurrency),
      });
    }
  }
  return {
    fleet,
    figures: {
      connectSeconds,
      bytesPerSocket: (rssAfter - rssBefore) / N,
      heapPerSocket: heapDelta === null ? null : heapDelta / N,
      warmup,
      fixed,
      saturation,
    },
  };
}

async function runBare(): Promise<TargetFigures> {
  const server = await startBareServer();
  const http = new HttpClient(server.url);
  try {
    const { fleet, figures } = await runLoad(
      'bare ws',
      [server],
      (i) => ({ url: `${wsUrl(server.url)}/?group=${groupOf(i)}`, headers: {} }),
      async (n, text, fleet) => {
        if (sendVia === 'socket') {
          await fleet.sendOver(senderOf(n), { text });
          return;
        }
        const { status } = await http.post('/send', { group: groupOf(senderOf(n)), text });
        if (status !== 200) throw new Error(`bare send: HTTP ${status}`);
      },
      false,
    );
    await fleet.close();
    return {
      label: 'bare ws',
      nodes: 1,
      load: figures,
      history: null,
      resume: null,
      persisted: null,
    };
  } finally {
    http.close();
    await server.stop();
  }
}

async function runMessenger(dialect: DialectName): Promise<TargetFigures> {
  const run = await prepareDatabase(dialect, shape, values['pg-url']);
  const extra = [
    ...Array.from({ length: shape.resumeUsers }, (_, r) => resumeUserIndex(shape, r)),
    resumeSenderIndex(shape),
  ];
  const sessions = await createSessions(run, [...Array.from({ length: N }, (_, i) => i), ...extra]);
  const nodeCount = dialect === 'postgres' ? 2 : 1;
  const servers: ChildServer[] = [];
  const https: HttpClient[] = [];
  const label = dialect === 'postgres' ? 'postgres+redis ×2' : 'sqlite';
  try {
    for (let k = 0; k < nodeCount; k++) {
      servers.push(
        await startMessenger(`node ${k}`, {
          dataDir: run.dataDir,
          databaseUrl: run.databaseUrl,
          redisUrl: dialect === 'postgres' ? values['redis-url'] : undefined,
        }),
      );
      https.push(new HttpClient(servers[k]!.url));
    }
    const nodeOf = (i: number): number => i % nodeCount;
    const session = (i: number): BenchSession => sessions[i]!;
    // Warm each node's GraphQL schema and pools before anything is measured.
    for (const [k, http] of https.entries())
      await graphql(http, session(k), 'query { viewer { id } }', {});
    const runId = Date.now().toString(36);
    // Unique across phases: a reused offline_threading_id is an idempotent retry, not a message.
    let sent = 0;
    const { fleet, figures } = await runLoad(
      label,
      servers,
      (i) => ({
        url: `${wsUrl(servers[nodeOf(i)]!.url)}/sync`,
        headers: { cookie: session(i).cookie },
      }),
      async (n, text, fleet) => {
        const from = senderOf(n);
        const input = {
          thread_id: groupThreadId(groupOf(from)),
          text,
          offline_threading_id: `${runId}-${sent++}`,
        };
        if (sendVia === 'socket') {
          const answer = await fleet.sendOver(from, input);
          if (!answer.includes('"created":'))
            throw new Error(`socket send: ${answer.slice(0, 300)}`);
          return;
        }
        await graphql(https[nodeOf(from)]!, session(from), GRAPHQL_SEND, { input });
      },
      dialect === 'postgres',
    );
    console.log(`${label}: probing history pages`);
    const readers = Array.from({ length: Math.min(50, groupCount(shape)) }, (_, g) => ({
      session: session(g * groupSize + (g % groupSize)),
      threadId: groupThreadId(g),
    }));
    const history = await probeHistory(https[0]!, readers, historyRequests);
    console.log(`${label}: probing resume`);
    const resume = await probeResume({
      syncUrls: servers.map((s) => `${wsUrl(s.url)}/sync`),
      http: https[0]!,
      users: sessions.slice(N, N + shape.resumeUsers),
      sender: sessions[N + shape.resumeUsers]!,
      threadIds: Array.from({ length: shape.resumeThreads }, (_, t) => resumeThreadId(t)),
      deltasPerUser: resumeDeltas,
    });
    await fleet.close();
    if (fleet.closedUnexpectedly > 0)
      console.log(`${label}: ${fleet.closedUnexpectedly} sockets were closed by the server`);
    for (const server of servers) await server.stop();
    // Every accepted send must be in the database once.
    const db =
      dialect === 'sqlite'
        ? openDb({ dataDir: run.dataDir, sqliteFile: 'messenger.db' })
        : openDb({ dataDir: run.dataDir, databaseUrl: run.databaseUrl });
    const row = await db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('text', 'like', 'bench %')
      .executeTakeFirstOrThrow();
    await db.close();
    return {
      label,
      nodes: nodeCount,
      load: figures,
      history,
      resume,
      persisted: Number(row.count),
    };
  } finally {
    for (const http of https) http.close();
    for (const server of servers) await server.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `delivery benchmark: ${N} sockets in groups of ${groupSize}, ${rate} messages/s for ${seconds} s, after ${warmupSeconds} s of warm-up at that rate, then ${saturateSeconds} s closed loops of ${saturateSteps.join(', ')} in flight; ${dialects.join(' and ')}`,
  );
  console.log(
    `sends go over ${sendVia === 'socket' ? "each sender's sync socket" : 'GraphQL HTTP'}`,
  );
  console.log(
    `machine: ${describeMachine()}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const results: TargetFigures[] = [await runBare()];
  for (const dialect of dialects) results.push(await runMessenger(dialect));
  printReport({
    sockets: N,
    groupSize,
    rate,
    seconds,
    resumeDeltas,
    resumeThreads: shape.resumeThreads,
    results,
    loadAfter: os.loadavg(),
  });
  console.log(
    `reproduce: npm run -w @messenger/bench delivery -- --sockets ${N} --group-size ${groupSize} --rate ${rate} --seconds ${seconds} --warmup-seconds ${warmupSeconds} --dialect ${values.dialect} --saturate-seconds ${saturateSeconds} --saturate-concurrency ${saturateSteps.join(',')} --resume-deltas ${resumeDeltas} --send-via ${sendVia}`,
  );
}

await main();
