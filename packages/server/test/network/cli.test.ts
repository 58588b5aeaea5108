import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/storage/db';
import { EXAMPLE_NETWORK_PATH, exampleWithBadAccount, loadExample } from './support';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = 'packages/server/src/cli/main.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function messenger(args: string[], dataDir: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', CLI, ...args], { cwd: REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

async function peopleIn(dataDir: string): Promise<number> {
  const db = openDb({ dataDir });
  try {
    const row = await db.kysely
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.close();
  }
}

describe('messenger import FILE', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'messenger-cli-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a valid file, with progress on stderr as whole lines (not a terminal), and exits 0', async () => {
    const data = join(dir, 'data');
    const run = await messenger(['import', EXAMPLE_NETWORK_PATH], data);
    expect(run.stderr).toMatch(/^messages +\[#+\] 100% {2}\d+\/\d+$/m);
    expect(run.stderr).not.toContain('\r');
    expect(run.code).toBe(0);
    const people = loadExample().people.length;
    expect(run.stdout).toContain(`${String(people)} people`);
    expect(await peopleIn(data)).toBe(people);
  }, 60_000);

  it('refuses an invalid file with the path of the problem, exits 1 and writes nothing', async () => {
    const file = exampleWithBadAccount(3);
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify(file));
    const data = join(dir, 'data');
    const run = await messenger(['import', path], data);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('people[3].account: expected "personal" or "work"');
    expect(await peopleIn(data)).toBe(0);
  }, 60_000);

  it('exits 1 on a file that is not JSON and 2 without a file', async () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{"format": ');
    const broken = await messenger(['import', path], join(dir, 'data'));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('cannot read');
    const usage = await messenger(['import'], join(dir, 'data'));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: messenger import FILE');
  }, 60_000);
});
