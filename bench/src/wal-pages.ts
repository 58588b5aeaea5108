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
import { openDb } from '../../packages/server/src/storage/db';
import { migrateToLatest } from '../../packages/server/src/storage/migrate';
import { benchContext, GROUP_SIZE, importGroups, sendNth } from './group-sends';
import { machineLine, progressLine } from './progress';

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
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

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
    await importGroups(db, groups, 120);
    // A snapshot older than every send: checkpoints cannot reuse the WAL behind it.
    const holder = new Database(file);
    holder.prepare('begin').run();
    holder.prepare('select count(*) from user_sync').get();
    const walStart = readFileSync(`${file}-wal`).length;

    const ctx = await benchContext(db, dir);
    let next = 0;
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          await sendNth(ctx, groups, next++, 'wal');
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

    console.log(`\n${machineLine()}`);
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
