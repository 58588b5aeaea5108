/**
 * Cost of the query limits (issue 32 item 5): a trivial query and a thread-list
 * query through the real GraphQL endpoint (app.inject, no socket) on a
 * throwaway SQLite database holding the shared example network. Run it before
 * and after a change to the limits with a different --label; the second run
 * prints the ratios to the first (files in bench/out/).
 *
 *   npm run -w @messenger/bench graphql-limits -- --label before [--rounds 2000]
 *   npm run -w @messenger/bench graphql-limits -- --label after --compare before
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { importNetwork } from '../../packages/server/src/features/network/import';
import { createLogger } from '../../packages/server/src/logger';
import { createRuntime } from '../../packages/server/src/runtime';
import { openDb } from '../../packages/server/src/storage/db';
import { migrateToLatest } from '../../packages/server/src/storage/migrate';
import { machineLine, percentile } from './progress';

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: 'run' },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '2000' },
  },
});
const rounds = Number(values.rounds);
const OUT_DIR = new URL('../out/', import.meta.url).pathname;
const NETWORK = new URL('../../../shared/fixtures/example-network.json', import.meta.url);

const QUERIES = {
  trivial: 'query { viewer { id } }',
  // The inbox list's shape: a page of threads, each with its participants and one preview message.
  threadList: `query($folder: ThreadFolder!) { viewer { id
    message_threads(first: 20, folder: $folder) { edges { cursor node { id thread_id folder
      unread_count last_activity_time group_name custom_nickname
      participants_to_render { __typename ... on MessagingUser { id name short_name } ... on Page { id name } }
      messages(last: 1) { edges { node { id text sender_id seq_in_thread } } }
    } } pageInfo { hasNextPage endCursor } } } }`,
};
const VARIABLES = { trivial: {}, threadList: { folder: 'INBOX' } };

const db = openDb({ dataDir: OUT_DIR, sqliteFile: ':memory:' });
await migrateToLatest(db);
const network = JSON.parse(readFileSync(NETWORK, 'utf8')) as {
  people: Array<{ username: string; password: string }>;
};
await importNetwork(db, network, { now: Date.UTC(2026, 10, 1) });
const runtime = await createRuntime(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), {
  db,
  logger: createLogger('silent'),
});
const app = await buildApp(runtime);

const person = network.people[0]!;
const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  payload: { username: person.username, password: person.password },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
const cookie = `msgr_session=${login.cookies.find((c) => c.name === 'msgr_session')!.value}`;
const csrf = login.json<{ csrf_token: string }>().csrf_token;

async function timed(name: keyof typeof QUERIES): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    payload: { query: QUERIES[name], variables: VARIABLES[name] },
  });
  const elapsed = performance.now() - started;
  const body = response.json<{ errors?: unknown[] }>();
  if (response.statusCode !== 200 || body.errors !== undefined) {
    throw new Error(`${name} failed: ${response.body.slice(0, 300)}`);
  }
  return elapsed;
}

type Figures = Record<string, { p50: number; p99: number }>;
const figures: Figures = {};
console.log(machineLine());
for (const name of Object.keys(QUERIES) as Array<keyof typeof QUERIES>) {
  for (let i = 0; i < 200; i += 1) await timed(name); // warm-up: JIT, caches
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) samples.push(await timed(name));
  samples.sort((a, b) => a - b);
  figures[name] = { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  console.log(
    `${values.label} ${name}: p50 ${figures[name].p50.toFixed(3)} ms, p99 ${figures[name].p99.toFixed(3)} ms (${rounds} requests)`,
  );
}
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(`${OUT_DIR}graphql-limits-${values.label}.json`, JSON.stringify(figures));

if (values.compare !== undefined) {
  const file = `${OUT_DIR}graphql-limits-${values.compare}.json`;
  if (!existsSync(file)) throw new Error(`no run labelled ${values.compare} in ${OUT_DIR}`);
  const base = JSON.parse(readFileSync(file, 'utf8')) as Figures;
  for (const [name, now] of Object.entries(figures)) {
    const then = base[name];
    if (then === undefined) continue;
    console.log(
      `${name} ${values.label}/${values.compare}: p50 × ${(now.p50 / then.p50).toFixed(2)}, p99 × ${(now.p99 / then.p99).toFixed(2)}`,
    );
  }
}
await app.close();
await runtime.close();
await db.close();
