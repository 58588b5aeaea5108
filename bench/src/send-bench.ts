/**
 * Send-path benchmark (issue 4): how many messages per second the server's
 * send service persists, with every recipient's delta, on SQLite — without
 * HTTP, GraphQL or sockets, so the figure is the storage path alone. In the
 * same run, the baseline: the same rows written by bare prepared statements
 * (one transaction per message), the least a send can do.
 *
 *   npm run -w @messenger/bench send -- [--seconds 5] [--concurrency 64] [--groups 50]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDb } from '../../packages/server/src/storage/db';
import { migrateToLatest } from '../../packages/server/src/storage/migrate';
import { groupThreadId, personId } from './delivery/network';
import { adminQuery, withDatabase } from './delivery/prepare';
import { machineMicros } from './delivery/cpu';
import { benchContext, GROUP_SIZE, importGroups, sendNth } from './group-sends';
import { machineLine, percentile, progressLine } from './progress';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '64' },
    groups: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});
const adminUrl = values['database-url'];
const PG_DATABASE = 'bench_send_run';
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const groups = Number(values.groups);

interface Figures {
  messages: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** This process's CPU time (user + system) per message: steadier than wall time on a shared machine. */
  cpuMicros: number;
  /** Every core's busy time per message (/proc/stat): with PostgreSQL, its backends' work too. */
  machineCpuMicros: number;
  /** Bytes written per message: to the WAL, and by the checkpoint (its thread is this process's). */
  writtenBytes: number;
}

/** Bytes this process passed to write calls so far (Linux): the WAL, and the checkpoint's copy. */
function bytesWritten(): number {
  const line = readFileSync('/proc/self/io', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('wchar:'));
  return Number(line?.split(/\s+/)[1] ?? 0);
}

/** A closed loop of `concurrency` senders for `seconds`; `send(n)` sends the n-th message. */
async function closedLoop(label: string, send: (n: number) => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const writtenBefore = bytesWritten();
  const machineBefore = machineMicros().busy;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const ticker = setInterval(() => {
    progressLine(label, Math.round(performance.now() - started), seconds * 1000);
  }, 500);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const n = next++;
        const t0 = performance.now();
        await send(n);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  clearInterval(ticker);
  progressLine(label, seconds * 1000, seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const machine = machineMicros().busy - machineBefore;
  latencies.sort((a, b) => a - b);
  return {
    cpuMicros: (cpu.user + cpu.system) / Math.max(1, latencies.length),
    machineCpuMicros: machine / Math.max(1, latencies.length),
    writtenBytes: (bytesWritten() - writtenBefore) / Math.max(1, latencies.length),
    messages: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'send-bench-'));
  if (adminUrl !== undefined) {
    await adminQuery(adminUrl, [
      `drop database if exists ${PG_DATABASE} with (force)`,
      `create database ${PG_DATABASE}`,
    ]);
  }
  const db = openDb({
    dataDir: dir,
    ...(adminUrl === undefined ? {} : { databaseUrl: withDatabase(adminUrl, PG_DATABASE) }),
  });
  try {
    await migrateToLatest(db);
    await importGroups(db, groups, 20);
    const ctx = await benchContext(db, dir);
    // PostgreSQL's WAL position: its bytes per message are what the commits wrote.
    const walPosition = async (): Promise<string> =>
      (await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db.kysely))
        .rows[0]?.lsn ?? '0/0';
    const walBefore = adminUrl === undefined ? undefined : await walPosition();
    const service = await closedLoop('send service', (n) => sendNth(ctx, groups, n, 'svc'));

    if (walBefore !== undefined) {
      const walBytes = await sql<{ bytes: number }>`
        select pg_wal_lsn_diff(pg_current_wal_lsn(), ${walBefore}::pg_lsn)::float8 as bytes`.execute(
        db.kysely,
      );
      reportPostgres(service, (walBytes.rows[0]?.bytes ?? 0) / Math.max(1, service.messages));
      return;
    }
    const raw = rawWriter(join(dir, 'messenger.db'));
    const bare = await closedLoop('bare statements', (n) => {
      raw.one(n % groups, n);
      return Promise.resolve();
    });
    // Bare statements with the same group commit: what the disk and SQLite allow at most.
    let queued: number[] = [];
    const bareBatched = await closedLoop('bare, 64 per commit', (n) => {
      queued.push(n);
      if (queued.length < 64) return new Promise((resolve) => setImmediate(resolve));
      const batch = queued;
      queued = [];
      raw.many(batch.map((m) => [m % groups, 1_000_000_000 + m] as const));
      return Promise.resolve();
    });

    printMachineAndCommand('');
    const row = (name: string, f: Figures) =>
      `${name.padEnd(18)} ${f.perSecond.toFixed(0).padStart(7)} msg/s  p50 ${f.p50.toFixed(2)} ms  p99 ${f.p99.toFixed(2)} ms  CPU ${f.cpuMicros.toFixed(0)} µs/msg  written ${(f.writtenBytes / 1024).toFixed(1)} KiB/msg  (${f.messages} messages)`;
    console.log(row('send service', service));
    console.log(row('bare statements', bare));
    console.log(row('bare, 64 per commit', bareBatched));
    const pct = (a: Figures, b: Figures): string =>
      `${((a.perSecond / b.perSecond) * 100).toFixed(0)}%`;
    console.log(
      `send service: ${pct(service, bare)} of bare statements with a commit each, ${pct(service, bareBatched)} of bare statements with group commit`,
    );
    // CPU per message is what a busy machine distorts least: the ceiling on one core is 1e6 / µs.
    console.log(
      `CPU per message: send service ${(service.cpuMicros / bareBatched.cpuMicros).toFixed(2)}× bare with group commit (one-core ceilings ${(1e6 / service.cpuMicros).toFixed(0)} and ${(1e6 / bareBatched.cpuMicros).toFixed(0)} msg/s)`,
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl !== undefined) {
      await adminQuery(adminUrl, [`drop database if exists ${PG_DATABASE} with (force)`]);
    }
  }
}

/** What reproduces the figures: the machine, its load, and the command with this run's flags. */
function printMachineAndCommand(extraFlags: string): void {
  console.log(`\n${machineLine()}`);
  console.log(
    `command: npm run -w @messenger/bench send -- --seconds ${seconds} --concurrency ${concurrency} --groups ${groups}${extraFlags}`,
  );
}

function reportPostgres(service: Figures, walBytesPerMessage: number): void {
  printMachineAndCommand(' --database-url <url>');
  console.log(
    `send service on PostgreSQL: ${service.perSecond.toFixed(0)} msg/s  p50 ${service.p50.toFixed(2)} ms  p99 ${service.p99.toFixed(2)} ms  (${service.messages} messages)`,
  );
  console.log(
    `CPU per message: this process ${service.cpuMicros.toFixed(0)} µs, the whole machine ${service.machineCpuMicros.toFixed(0)} µs; WAL ${(walBytesPerMessage / 1024).toFixed(1)} KiB`,
  );
}

/**
 * The writes of one message to a group of 10 with bare prepared statements:
 * the message row, the thread's counters, the sender's read mark, and ten
 * deltas with their log heads.
 */
function rawWriter(file: string): {
  one: (group: number, n: number) => void;
  many: (batch: readonly (readonly [number, number])[]) => void;
} {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const bumpThread = db.prepare(
    'update threads set last_message_seq = last_message_seq + 1, last_activity_at = ? where id = ? returning last_message_seq',
  );
  const insertMessage = db.prepare(
    `insert into messages (id, thread_id, sender_id, text, created_at, seq_in_thread, offline_threading_id, entry_point, tags, kind)
     values (?, ?, ?, ?, ?, ?, ?, null, '[]', 'text')`,
  );
  // The log's layout (migration 007): the user's head row, then a row linked to the previous one.
  const head = db.prepare(
    `insert into user_sync (user_id, head_seq, head_id, pruned_seq) values (?, 1, ?, 0)
     on conflict (user_id) do update set head_seq = user_sync.head_seq + 1, head_id = excluded.head_id
     returning head_seq`,
  );
  const previous = db.prepare('select head_id from user_sync where user_id = ?').pluck();
  const lastId = db.prepare('select max(id) from delta_log').pluck();
  const delta = db.prepare(
    `insert into delta_log (id, user_id, seq, prev_id, payload, payload_of, created_at, ack_thread_id, ack_as, ack_seq)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const writeOne = (group: number, n: number): void => {
    const now = Date.now();
    const threadId = groupThreadId(group);
    const { last_message_seq: seq } = bumpThread.get(now, threadId) as { last_message_seq: number };
    const sender = personId(group * GROUP_SIZE);
    insertMessage.run(`${threadId}:${seq}:raw`, threadId, sender, `bare ${n}`, now, seq, `raw${n}`);
    const payload = JSON.stringify({ kind: 'message_new', text: `bare ${n}`, seq });
    let id = (lastId.get() as number | null) ?? 0;
    // The payload once, in the group's last row (as the messenger's append stores it).
    const holder = id + GROUP_SIZE;
    for (let k = 0; k < GROUP_SIZE; k += 1) {
      const user = personId(group * GROUP_SIZE + k);
      const prev = (previous.get(user) as number | undefined) ?? 0;
      id += 1;
      const { head_seq } = head.get(user, id) as { head_seq: number };
      const own = id === holder;
      delta.run(
        id,
        user,
        head_seq,
        prev === 0 ? null : prev,
        own ? payload : '',
        own ? null : holder,
        now,
        threadId,
        user,
        seq,
      );
    }
  };
  return {
    one: db.transaction(writeOne),
    many: db.transaction((batch: readonly (readonly [number, number])[]) => {
      for (const [group, n] of batch) writeOne(group, n);
    }),
  };
}

await main();
