/**
 * Search benchmark (issue 3): profile search and message search through the
 * real GraphQL endpoint (app.inject: the whole server path without a socket)
 * over the network imported by the import benchmark, with a bare SQL query on
 * the same database as the baseline of the same run.
 *
 *   npm run -w @messenger/bench import -- --dialect sqlite   (once, builds bench/out/bench.db)
 *   npm run -w @messenger/bench search -- [--dialect sqlite|postgres] [--queries 400]
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { createLogger } from '../../packages/server/src/logger';
import { createRuntime } from '../../packages/server/src/runtime';
import { openDb } from '../../packages/server/src/storage/db';
import { migrateToLatest } from '../../packages/server/src/storage/migrate';
import { describeMachine, percentile, progressLine } from './progress';

const { values } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    queries: { type: 'string', default: '400' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const rounds = Number(values.queries);
const BENCH_DIR = new URL('../out/', import.meta.url).pathname;
const PEOPLE_PREFIXES = [
  'ad',
  'bj',
  'ch',
  'dmi',
  'em',
  'fat',
  'gus',
  'ha',
  'ing',
  'jo',
  'ke',
  'le',
  'ma',
  'na',
  'ol',
  'pri',
  'qu',
  'ro',
  'so',
  'to',
  'ba',
  'ce',
  'du',
  'mu',
  'tana',
  'zh',
  'lop',
  'sch',
];
const MESSAGE_WORDS = [
  'lunch',
  'meeting',
  'project',
  'coffee',
  'weekend',
  'photos',
  'concert',
  'budget',
  'review',
  'birthday',
  'recipe',
  'release',
  'garden',
  'museum',
  'invoice',
  'slides',
  'climbing',
  'dinner',
  'report',
  'launch',
];

const db =
  values.dialect === 'postgres'
    ? openDb({ dataDir: BENCH_DIR, databaseUrl: values['pg-url'], pgSchema: 'bench_import' })
    : openDb({ dataDir: BENCH_DIR, sqliteFile: 'bench.db' });
await migrateToLatest(db);
const runtime = await createRuntime(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    LOGIN_USERNAME_RATE_LIMIT: '100000',
  }),
  { db, logger: createLogger('silent') },
);
const app = await buildApp(runtime);

interface Session {
  cookie: string;
  csrf: string;
}
async function login(username: string): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: 'bench-password' },
  });
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'msgr_session');
  return {
    cookie: `msgr_session=${cookie!.value}`,
    csrf: response.json<{ csrf_token: string }>().csrf_token,
  };
}

// Viewers with the message_search gate (even user numbers in the generated network), not memorialized.
const viewers = await Promise.all(
  ['user2', 'user4', 'user6', 'user8', 'user10', 'user12', 'user14', 'user16'].map(login),
);

async function graphql(
  session: Session,
  query: string,
  variables: Record<string, unknown>,
): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      'content-type': 'application/json',
    },
    payload: { query, variables },
  });
  const elapsed = performance.now() - started;
  const body = response.json<{ errors?: unknown[]; data?: unknown }>();
  if (response.statusCode !== 200 || body.errors)
    throw new Error(`graphql failed: ${response.body.slice(0, 300)}`);
  return elapsed;
}

const VIEWER = `query { viewer { id } }`;
const PROFILE = `query ($q: String!) { search_profiles(search_query: $q, result_limit: 10) { edges { subtext node { __typename ... on MessagingUser { id name } } } } }`;
const MESSAGES = `query ($q: String!) { search_messages(query: $q) { edges { node { __typename ... on MessageSearchResult { thread_id message_id snippet } } } } }`;

async function measure(label: string, run: (i: number) => Promise<number>): Promise<number[]> {
  for (let i = 0; i < 30; i++) await run(i); // warm-up: caches, JIT
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    times.push(await run(i));
    progressLine(label, i + 1, rounds);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return times.sort((a, b) => a - b);
}

const bareProfile = async (i: number): Promise<number> => {
  const q = PEOPLE_PREFIXES[i % PEOPLE_PREFIXES.length]!;
  const started = performance.now();
  await db.read((k) =>
    k
      .selectFrom('people')
      .select(['id', 'name'])
      .where('name_flat', '>=', q)
      .where('name_flat', '<', `${q}\u{10FFFF}`)
      .limit(10)
      .execute(),
  );
  return performance.now() - started;
};
const bareMessages = async (i: number): Promise<number> => {
  const q = MESSAGE_WORDS[i % MESSAGE_WORDS.length]!;
  const started = performance.now();
  if (db.dialect === 'sqlite') {
    await sql`select rowid from messages_fts where messages_fts match ${q} limit 3`.execute(
      db.kysely,
    );
  } else {
    await sql`select rowid from messages where text_tsv @@ plainto_tsquery('simple', ${q}) limit 3`.execute(
      db.kysely,
    );
  }
  return performance.now() - started;
};

console.log(
  `search benchmark on ${db.dialect}: ${rounds} queries each, machine: ${describeMachine()}`,
);
const results: [string, number[]][] = [
  [
    'baseline: GraphQL viewer { id } (framework)',
    await measure('viewer', (i) => graphql(viewers[i % viewers.length]!, VIEWER, {})),
  ],
  [
    'profile search (GraphQL search_profiles)',
    await measure('profile', (i) =>
      graphql(viewers[i % viewers.length]!, PROFILE, {
        q: PEOPLE_PREFIXES[i % PEOPLE_PREFIXES.length],
      }),
    ),
  ],
  ['baseline: bare name-prefix SQL, limit 10', await measure('bare profile', bareProfile)],
  [
    'message search (GraphQL search_messages)',
    await measure('messages', (i) =>
      graphql(viewers[i % viewers.length]!, MESSAGES, {
        q: MESSAGE_WORDS[i % MESSAGE_WORDS.length],
      }),
    ),
  ],
  ['baseline: bare full-text match, limit 3', await measure('bare messages', bareMessages)],
];
for (const [label, times] of results) {
  console.log(
    `${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
  );
}
console.log(
  `reproduce: npm run -w @messenger/bench search -- --dialect ${values.dialect} --queries ${rounds}`,
);
await app.close();
await runtime.close();
await db.close();
