import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/storage/db';

/**
 * SQLite's WAL is copied into the database file by a thread of its own
 * (storage/checkpointer.ts), not by the writer after its commits.
 */
describe('SQLite checkpoints off the event loop', () => {
  let dir = '';
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies committed pages into the database file without the writer checkpointing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-test-'));
    db = openDb({ dataDir: dir });
    const file = join(dir, 'messenger.db');
    await sql`create table filler (id integer primary key, body text not null)`.execute(db.kysely);
    const before = statSync(file).size;
    // About 4 MiB: far below the writer's own autocheckpoint, so only the thread can copy it.
    await db.transact(async (trx) => {
      for (let i = 0; i < 1000; i += 1) {
        await sql`insert into filler (body) values (${'x'.repeat(4000)})`.execute(trx);
      }
    });
    expect(statSync(file).size - before).toBeLessThan(1 << 20);
    const deadline = Date.now() + 10_000;
    while (statSync(file).size - before < 4_000_000 && Date.now() < deadline) await sleep(50);
    expect(statSync(file).size - before).toBeGreaterThanOrEqual(4_000_000);
    const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db.kysely);
    expect(rows.rows[0]?.n).toBe(1000);
  });

  it('stops its thread on close, so the files can be removed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-test-'));
    const opened = openDb({ dataDir: dir });
    await sql`create table t (id integer primary key)`.execute(opened.kysely);
    await opened.close();
    // Reopening works and sees the table: nothing was left half-closed.
    db = openDb({ dataDir: dir });
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(db.kysely);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('lets a process that only opened and closed a database exit normally', () => {
    dir = mkdtempSync(join(tmpdir(), 'checkpointer-test-'));
    const dbModule = pathToFileURL(resolve(import.meta.dirname, '../../src/storage/db.ts')).href;
    const script = `
      const { openDb } = await import(${JSON.stringify(dbModule)});
      const db = openDb({ dataDir: ${JSON.stringify(dir)} });
      await db.close();
      console.log('closed');
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.stderr).not.toContain('Error');
    expect(child.stdout.trim()).toBe('closed');
    expect(child.status).toBe(0);
  });
});
