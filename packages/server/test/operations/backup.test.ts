import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/storage/db';
import { CREW, CREW_PASSWORD, crewUsername, sqliteStorage } from '../scale/support/fixture';
import { httpLogin, httpSend } from '../scale/support/http-client';
import {
  importNetworkFile,
  ServerProcess,
  type RunningServer,
} from '../scale/support/node-process';

/*
 * `messenger backup FILE` while a real node serves a stream of sends, then
 * `messenger restore FILE` into another data folder: every message the node
 * acknowledged before the backup began is in the restored database.
 */
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

function messenger(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      resolve({ code, output });
    });
  });
}

describe('backup under load and restore', () => {
  const storage = sqliteStorage();
  const elsewhere = mkdtempSync(join(tmpdir(), 'messenger-restore-'));
  const backupFile = join(elsewhere, 'backup.db');
  const nodes: RunningServer[] = [];

  afterAll(async () => {
    await Promise.allSettled(nodes.map((node) => node.kill()));
    await storage.dispose();
    rmSync(elsewhere, { recursive: true, force: true });
  }, 60_000);

  it('finds every acknowledged message after restoring a backup taken while sending', async () => {
    await importNetworkFile(storage.networkFile, storage.env);
    const node = await ServerProcess.start('node', storage.env);
    nodes.push(node);
    const rin = await httpLogin(node.baseUrl, crewUsername('rin'), CREW_PASSWORD);

    // Three senders keep the node writing until the backup is done.
    const acknowledged: string[] = [];
    const sending = { on: true };
    const sender = async (recipient: string, lane: number): Promise<void> => {
      for (let i = 0; sending.on; i += 1) {
        const sent = await httpSend(node.baseUrl, rin, {
          recipient_id: recipient,
          text: `under load ${String(lane)}.${String(i)}`,
          offline_threading_id: `backup-${String(lane)}-${String(i)}`,
        });
        acknowledged.push(sent.message.id);
      }
    };
    const senders = [CREW.sol, CREW.tam, CREW.uma].map(sender);
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));

    const acknowledgedBefore = [...acknowledged];
    const backup = await messenger(['backup', backupFile], storage.env);
    const duringBackup = acknowledged.length - acknowledgedBefore.length;
    sending.on = false;
    await Promise.all(senders);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/backed up \d+ pages/);
    // Under load: the node kept acknowledging sends while the backup ran (or right after).
    expect(acknowledged.length).toBeGreaterThan(acknowledgedBefore.length);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    const restoredDir = join(elsewhere, 'data');
    const restore = await messenger(['restore', backupFile], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);

    const db = openDb({ dataDir: restoredDir });
    try {
      const rows = await db.read((k) =>
        k.selectFrom('messages').select('id').where('id', 'in', acknowledgedBefore).execute(),
      );
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(acknowledgedBefore));
    } finally {
      await db.close();
    }
    // The restored folder starts and serves.
    const restored = await ServerProcess.start('restored node', { DATA_DIR: restoredDir });
    nodes.push(restored);
    expect((await fetch(`${restored.baseUrl}/readyz`)).status).toBe(200);
    console.info(`backup under load: ${String(duringBackup)} sends acknowledged while it ran`);
  }, 180_000);

  it('refuses a file that is not a messenger database, and PostgreSQL', async () => {
    const notDb = await messenger(['restore', storage.networkFile], {
      DATA_DIR: join(elsewhere, 'other'),
    });
    expect(notDb.code).toBe(1);
    expect(notDb.output).toContain('cannot be restored');
    const postgres = await messenger(['backup', backupFile], {
      DATABASE_URL: 'postgres://127.0.0.1:5432/none',
    });
    expect(postgres.code).toBe(2);
    expect(postgres.output).toContain('pg_dump');
  });
});
