/**
 * Import benchmark (issue 3): a generated network of N people and M messages
 * imported into SQLite and into PostgreSQL, timing each phase.
 *
 *   npm run -w @messenger/bench import -- [--people 10000] [--messages 1000000] [--dialect sqlite|postgres|both]
 *
 * The SQLite database is kept in bench/out/ for the search benchmark.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDb, type DialectName } from '../../packages/server/src/storage/db';
import { migrateToLatest } from '../../packages/server/src/storage/migrate';
import { importNetwork } from '../../packages/server/src/features/network/import';
import { generateLargeNetwork } from './large-network';
import { describeMachine, progressLine } from './progress';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '10000' },
    messages: { type: 'string', default: '1000000' },
    dialect: { type: 'string', default: 'both' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const people = Number(values.people);
const messages = Number(values.messages);
const dialects: DialectName[] =
  values.dialect === 'both' ? ['sqlite', 'postgres'] : [values.dialect as DialectName];

export const BENCH_SCHEMA = 'bench_import';
export const BENCH_DIR = new URL('../out/', import.meta.url).pathname;

async function freshPostgresSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${BENCH_SCHEMA} cascade`);
  await client.query(`create schema ${BENCH_SCHEMA}`);
  await client.end();
}

async function run(): Promise<void> {
  console.log(
    `import benchmark: ${people} people, ${messages} messages on ${dialects.join(' and ')}`,
  );
  console.log(`machine: ${describeMachine()}`);
  let started = performance.now();
  const network = generateLargeNetwork({ people, messages });
  console.log(`generated the network in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  mkdirSync(BENCH_DIR, { recursive: true });

  for (const dialect of dialects) {
    if (dialect === 'sqlite') {
      for (const suffix of ['', '-wal', '-shm'])
        rmSync(`${BENCH_DIR}bench.db${suffix}`, { force: true });
    } else {
      await freshPostgresSchema(values['pg-url']);
    }
    const db =
      dialect === 'sqlite'
        ? openDb({ dataDir: BENCH_DIR, sqliteFile: 'bench.db' })
        : openDb({ dataDir: BENCH_DIR, databaseUrl: values['pg-url'], pgSchema: BENCH_SCHEMA });
    await migrateToLatest(db);
    const phases = new Map<string, number>();
    let phase = '';
    let phaseStart = performance.now();
    started = performance.now();
    const counts = await importNetwork(db, network, {
      now: Date.UTC(2026, 10, 1),
      onProgress: (p) => {
        if (p.phase !== phase) {
          if (phase) phases.set(phase, performance.now() - phaseStart);
          phase = p.phase;
          phaseStart = performance.now();
        }
        progressLine(`${dialect} ${p.phase}`, p.done, p.total);
      },
    });
    phases.set(phase, performance.now() - phaseStart);
    const total = (performance.now() - started) / 1000;
    if (process.stderr.isTTY) process.stderr.write('\n');
    console.log(
      `${dialect}: imported ${counts.people} people, ${counts.messages} messages, ${counts.threads} threads in ${total.toFixed(1)} s`,
    );
    console.log(
      `  phases: ${[...phases].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    console.log(`  messages/s overall: ${Math.round(counts.messages / total)}`);
    await db.close();
  }
  console.log(
    `reproduce: npm run -w @messenger/bench import -- --people ${people} --messages ${messages} --dialect ${values.dialect}`,
  );
}

await run();
