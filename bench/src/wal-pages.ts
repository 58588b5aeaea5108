/**
 * What a send writes on SQLite, page by page (issue 4): sends go through the
 * send service in a closed loop, as in the send bench, while a reader holds
 * a snapshot so that no checkpoint can reuse the WAL; then every frame the
 * sends appended is attributed to its table or index (`dbstat`). A commit
 * writes each page it dirtied once, and the checkpoint copies it again, so
 * pages per message is what the storage layout costs a send.
 *
 *   npm run -w @messenger/bench wal-pages -- [--messages 20000] [--concurrency 256] [--groups 200]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../packages/server/src/config';
import type { AppContext } from '../../packages/server/src/context';
import type { Viewer } from '../../packages/server/src/features/accounts/viewer';
import { sendMessage } from '../../packages/server/src/features/messaging/send-service';
import { importNetwork } from '../../packages/server/src/features/network/import';
import { createLogger } from '../../packages/server/src/logger';
import { openDb } from '../../packages/server/src/storage/db';
import { migrateToLatest } from '../../packages/server/src/storage/migrate';
import { generateDeliveryNetwork, groupThreadId, personId } from './delivery/network';
import { describeMachine, progressLine } from './progress';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '256' },
    groups: { type: 'string', default: '200' },
  },
});
const total = Number(values.messages);
const concurrency = Number(values.concurrency);
const groups = Number(values.groups);
const GROUP_SIZE = 10;
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

const viewerOf = (index: number): Viewer => ({
  id: personId(index),
  name: `Bench Person ${index}`,
  short_name: `Bench${index}`,
  username: `dlv${index}`,
  account: 'personal',
  companyId: null,
  companyPrefix: null,
  isEmployee: false,
  isWork: false,
  gates: new Set(),
});

/** The page number of every frame of the WAL from byte `from` on. */
function framePages(wal: Buffer, from: number): { pages: number[]; pageSize: number } {
  const pageSize = wal.readUInt32BE(8);
  const pages: number[] = [];
  const frame = FRAME_HEADER_BYTES + pageSize;
  for (let at = Math.max(WAL_HEADER_BYTES, from); at + frame <= wal.length; at += frame) {
    pages.push(wal.readUInt32BE(at));
  }
  return { pages, pageSize };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'wal-pages-'));
  const file = join(dir, 'messenger.db');
  const db = openDb({ dataDir: dir });
  let open = true;
  try {
    await migrateToLatest(db);
    await importNetwork(
      db,
      generateDeliveryNetwork({
        people: groups * GROUP_SIZE,
        groupSize: GROUP_SIZE,
        historyPerGroup: 120,
        resumeUsers: 1,
        resumeThreads: 1,
      }),
      {
        now: Date.UTC(2026, 10, 1),
        onProgress: (p) => {
          progressLine(`import ${p.phase}`, p.done, p.total);
        },
      },
    );
    // A snapshot older than every send: checkpoints cannot reuse the WAL behind it.
    const holder = new Database(file);
    holder.prepare('begin').run();
    holder.prepare('select count(*) from user_sync').get();
    const walStart = readFileSync(`${file}-wal`).length;

    const ctx: AppContext = {
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' }),
      db,
      logger: createLogger('warn'),
      clock: { now: () => Date.now() },
    };
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const n = next++;
          const g = n % groups;
          const sender = g * GROUP_SIZE + (Math.floor(n / groups) % GROUP_SIZE);
          await sendMessage(ctx, viewerOf(sender), {
            thread_id: groupThreadId(g),
            text: `bench message ${n}`,
            offline_threading_id: `wal${n}`,
          });
          if (++done % 1000 === 0 || done === total) progressLine('sends', done, total);
        }
      }),
    );
    const { pages, pageSize } = framePages(readFileSync(`${file}-wal`), walStart);
    holder.prepare('commit').run();
    holder.close();
    open = false;
    await db.close();

    const reader = new Database(file, { readonly: true });
    const owner = new Map<number, string>();
    for (const row of reader.prepare('select name, pageno from dbstat').all() as {
      name: string;
      pageno: number;
    }[]) {
      owner.set(row.pageno, row.name);
    }
    reader.close();
    const perTree = new Map<string, number>();
    for (const page of pages) {
      const name = owner.get(page) ?? '(free or other)';
      perTree.set(name, (perTree.get(name) ?? 0) + 1);
    }

    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(`\nmachine: ${describeMachine()}, load average ${load}`);
    console.log(
      `command: npm run -w @messenger/bench wal-pages -- --messages ${total} --concurrency ${concurrency} --groups ${groups}`,
    );
    console.log(
      `${total} messages in groups of ${GROUP_SIZE}: ${pages.length} WAL frames, ${(pages.length / total).toFixed(2)} pages per message (${((pages.length * pageSize) / total / 1024).toFixed(1)} KiB)`,
    );
    for (const [name, count] of [...perTree].sort((a, b) => b[1] - a[1])) {
      console.log(`${(count / total).toFixed(3).padStart(7)} pages/msg  ${name}`);
    }
  } finally {
    if (open) await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
