/**
 * Message-changes benchmark (issue 33): one group of N people, each with an
 * open, settled /sync socket; in each round a plain message (a `send` frame on
 * the sender's socket, as the web client sends), the same through GraphQL
 * send_message (the transport reactions and edits use, so a ratio can leave
 * the transport out), a reaction to the round's message (set_message_reaction)
 * and its sender's edit of it (edit_message, well inside the edit window).
 * Each change is timed from its request leaving and from its answer arriving
 * to the last of the N − 1 other sockets receiving its delta; one change at a
 * time, so each is a group fan-out on an otherwise idle server.
 *
 *   npm run -w @messenger/bench message-changes -- [--sockets 250] [--rounds 200]
 *     [--warmup-rounds 10] [--dialect sqlite|postgres|both]
 *
 * Smoke: `--sockets 20 --rounds 5`. The network reuses the delivery bench's
 * cache (bench/out/delivery-cache/, bench_delivery_* databases) under its own shape.
 */
import { parseArgs } from 'node:util';
import type { DialectName } from '../../../packages/server/src/storage/db';
import { HttpClient, graphql, GRAPHQL_SEND } from '../delivery/http';
import { groupThreadId, type DeliveryNetworkShape } from '../delivery/network';
import { createSessions, prepareDatabase, type BenchSession } from '../delivery/prepare';
import { startMessenger, type ChildServer } from '../delivery/processes';
import { machineLine, progressLine } from '../progress';
import { GroupSockets } from './group-sockets';
import { KINDS, printReport, type Kind, type Sample } from './report';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '250' },
    rounds: { type: 'string', default: '200' },
    // The first rounds also compile the reaction and edit paths and fill caches.
    'warmup-rounds': { type: 'string', default: '10' },
    // Between changes, so each one's fan-out has the server to itself.
    'gap-ms': { type: 'string', default: '20' },
    dialect: { type: 'string', default: 'sqlite' },
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
const N = int('sockets', values.sockets, 3, 250);
const rounds = int('rounds', values.rounds, 1, 100_000);
const warmupRounds = int('warmup-rounds', values['warmup-rounds'], 0, 10_000);
const gapMs = int('gap-ms', values['gap-ms'], 0, 10_000);
const dialectChoices: Record<string, DialectName[]> = {
  sqlite: ['sqlite'],
  postgres: ['postgres'],
  both: ['sqlite', 'postgres'],
};
const chosen = dialectChoices[values.dialect];
if (chosen === undefined) throw new Error('--dialect must be sqlite, postgres or both');
const dialects: DialectName[] = chosen;
for (const url of [values['pg-url'], values['redis-url']]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
    throw new Error(`only loopback addresses: ${url}`);
}

// One group of everyone; the resume people are the delivery network's and unused here.
const shape: DeliveryNetworkShape = {
  people: N,
  groupSize: N,
  historyPerGroup: 20,
  resumeUsers: 1,
  resumeThreads: 1,
};
const THREAD = groupThreadId(0);

const GRAPHQL_REACT = `mutation React($id: ID!, $emoji: String) {
  set_message_reaction(message_id: $id, emoji: $emoji) { message_id }
}`;
const GRAPHQL_EDIT = `mutation Edit($id: ID!, $text: String!) {
  edit_message(message_id: $id, text: $text) { message_id edited_at }
}`;
const EMOJIS = ['👍', '❤️', '😆', '😮'];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const wsUrl = (http: string): string => http.replace(/^http:/, 'ws:');
const quoted = (text: string): string => JSON.stringify(text);

interface Actor {
  index: number;
  session: BenchSession;
  http: HttpClient;
}

/**
 * Times one change: waits for its delta on every other socket, sends the
 * request, and returns the message id the request's answer names.
 */
async function timeChange(
  sockets: GroupSockets,
  kind: Kind,
  author: number,
  marks: readonly string[],
  request: () => Promise<string>,
): Promise<{ sample: Sample; messageId: string }> {
  const arrival = sockets.expect({ marks, author });
  const sentAt = performance.now();
  const messageId = await request();
  const acceptedAt = performance.now();
  const { lastAt, received } = await arrival;
  if (received !== sockets.sockets.length - 1)
    throw new Error(`${kind}: ${received} of ${sockets.sockets.length - 1} sockets got the delta`);
  return {
    sample: { kind, fromSent: lastAt - sentAt, fromAccepted: lastAt - acceptedAt },
    messageId,
  };
}

/** One round: plain (socket), plain (GraphQL), a reaction to the first, its sender's edit of it. */
async function round(
  sockets: GroupSockets,
  actor: (i: number) => Actor,
  r: number,
  tag: string,
): Promise<Sample[]> {
  const sender = actor(r % N);
  const httpSender = actor((r + 1) % N);
  const reactor = actor((r + 2) % N);
  const samples: Sample[] = [];
  const text = `mc ${tag} ${r} plain`;
  const plain = await timeChange(
    sockets,
    'plain',
    sender.index,
    ['"kind":"message_new"', `"text":${quoted(text)}`],
    async () => {
      const answer = await sockets.sendOver(sender.index, {
        thread_id: THREAD,
        text,
        offline_threading_id: `${tag}-${r}-s`,
      });
      const result = JSON.parse(answer) as { message?: { id?: string } };
      const id = result.message?.id;
      if (id === undefined) throw new Error(`socket send: ${answer.slice(0, 300)}`);
      return id;
    },
  );
  samples.push(plain.sample);
  await sleep(gapMs);
  const httpText = `mc ${tag} ${r} plain via graphql`;
  const viaHttp = await timeChange(
    sockets,
    'plain-graphql',
    httpSender.index,
    ['"kind":"message_new"', `"text":${quoted(httpText)}`],
    async () => {
      await graphql(httpSender.http, httpSender.session, GRAPHQL_SEND, {
        input: { thread_id: THREAD, text: httpText, offline_threading_id: `${tag}-${r}-h` },
      });
      return '';
    },
  );
  samples.push(viaHttp.sample);
  await sleep(gapMs);
  const id = plain.messageId;
  const reaction = await timeChange(
    sockets,
    'reaction',
    reactor.index,
    ['"kind":"message_reactions"', `"message_id":${quoted(id)}`],
    async () => {
      await graphql(reactor.http, reactor.session, GRAPHQL_REACT, {
        id,
        emoji: EMOJIS[r % EMOJIS.length],
      });
      return id;
    },
  );
  samples.push(reaction.sample);
  await sleep(gapMs);
  const edited = `mc ${tag} ${r} edited`;
  const edit = await timeChange(
    sockets,
    'edit',
    sender.index,
    ['"kind":"message_edited"', `"text":${quoted(edited)}`],
    async () => {
      await graphql(sender.http, sender.session, GRAPHQL_EDIT, { id, text: edited });
      return id;
    },
  );
  samples.push(edit.sample);
  await sleep(gapMs);
  return samples;
}

async function runDialect(dialect: DialectName): Promise<Sample[]> {
  const label = dialect === 'postgres' ? 'postgres+redis ×2' : 'sqlite';
  const run = await prepareDatabase(dialect, shape, values['pg-url']);
  const sessions = await createSessions(
    run,
    Array.from({ length: N }, (_, i) => i),
  );
  // As the delivery bench: PostgreSQL with two nodes over Redis, members alternating.
  const nodeCount = dialect === 'postgres' ? 2 : 1;
  const servers: ChildServer[] = [];
  const https: HttpClient[] = [];
  const sockets = new GroupSockets();
  try {
    for (let k = 0; k < nodeCount; k++) {
      servers.push(
        await startMessenger(`node ${k}`, {
          dataDir: run.dataDir,
          databaseUrl: run.databaseUrl,
          redisUrl: dialect === 'postgres' ? values['redis-url'] : undefined,
        }),
      );
      https.push(new HttpClient(servers[k]!.url, 8));
    }
    const nodeOf = (i: number): number => i % nodeCount;
    const actor = (i: number): Actor => ({
      index: i,
      session: sessions[i]!,
      http: https[nodeOf(i)]!,
    });
    for (const [k, http] of https.entries())
      await graphql(http, sessions[k]!, 'query { viewer { id } }', {});
    await sockets.open(N, (i) => ({
      url: `${wsUrl(servers[nodeOf(i)]!.url)}/sync`,
      headers: { cookie: sessions[i]!.cookie },
    }));
    // Settled: past the connects' own work (presence, session touches) before timing.
    await sleep(2000);
    console.log(`${label}: ${N} sockets open and settled`);
    const tag = Date.now().toString(36);
    for (let r = 0; r < warmupRounds; r++) {
      await round(sockets, actor, r, `${tag}w`);
      progressLine(`${label} warm-up rounds`, r + 1, warmupRounds);
    }
    if (process.stderr.isTTY && warmupRounds > 0) process.stderr.write('\n');
    const samples: Sample[] = [];
    for (let r = 0; r < rounds; r++) {
      samples.push(...(await round(sockets, actor, r, tag)));
      progressLine(`${label} rounds`, r + 1, rounds);
    }
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (sockets.closedUnexpectedly > 0)
      throw new Error(`${label}: ${sockets.closedUnexpectedly} sockets were closed by the server`);
    return samples;
  } finally {
    await sockets.close();
    for (const http of https) http.close();
    for (const server of servers) await server.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `message-changes benchmark: a group of ${N} with ${N} open sockets, ${rounds} rounds (after ${warmupRounds} warm-up) of ${KINDS.join(', ')}; ${dialects.join(' and ')}`,
  );
  console.log(machineLine());
  for (const dialect of dialects) {
    const samples = await runDialect(dialect);
    printReport(dialect === 'postgres' ? 'postgres+redis ×2' : 'sqlite', N, samples);
  }
  console.log(machineLine().replace('machine:', 'after:'));
  console.log(
    `reproduce: npm run -w @messenger/bench message-changes -- --sockets ${N} --rounds ${rounds} --warmup-rounds ${warmupRounds} --gap-ms ${gapMs} --dialect ${values.dialect}`,
  );
}

await main();
