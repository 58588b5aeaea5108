import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readNetwork } from '../support/network';
import { REPO_ROOT } from '../support/paths';
import { freePort } from '../support/server';

/**
 * The production start as an operator runs it: `npm run build` in the
 * checkout, then only the build's output and the package manifests in a fresh
 * folder, `npm ci --omit=dev` there (no tsx, no TypeScript, no Vite), and
 * `npm run start:prod` serving the compiled server and the hashed client.
 */

// npm ci compiles better-sqlite3 from source: minutes on a busy two-core machine.
const INSTALL_TIMEOUT_MS = 600_000;

const WORKSPACES = ['packages/core', 'packages/server', 'packages/web', 'e2e', 'bench'];

function run(command: string, args: string[], cwd: string, timeout = INSTALL_TIMEOUT_MS): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: process.env });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${String(result.status)}):\n${output}`);
  }
  return output;
}

/** The build's output and the manifests npm needs; no source file of the project. */
function copyForProduction(target: string): void {
  for (const file of ['package.json', 'package-lock.json', '.node-version', 'scripts']) {
    cpSync(join(REPO_ROOT, file), join(target, file), { recursive: true });
  }
  for (const workspace of WORKSPACES) {
    mkdirSync(join(target, workspace), { recursive: true });
    cpSync(join(REPO_ROOT, workspace, 'package.json'), join(target, workspace, 'package.json'));
  }
  cpSync(join(REPO_ROOT, 'packages/server/dist'), join(target, 'packages/server/dist'), {
    recursive: true,
  });
  cpSync(
    join(REPO_ROOT, 'packages/server/persisted-operations.json'),
    join(target, 'packages/server/persisted-operations.json'),
  );
  // The served build and `dist` pointing at it, as the build left them.
  const served = realpathSync(join(REPO_ROOT, 'packages/web/dist'));
  const link = readlinkSync(join(REPO_ROOT, 'packages/web/dist'));
  mkdirSync(dirname(join(target, 'packages/web', link)), { recursive: true });
  cpSync(served, join(target, 'packages/web', link), { recursive: true });
  symlinkSync(link, join(target, 'packages/web/dist'));
}

function withoutNodeEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

async function waitForReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start:prod exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`start:prod was not ready in a minute:\n${output()}`);
}

describe('production start from `npm run build` and `npm ci --omit=dev`', () => {
  const folder = mkdtempSync(join(tmpdir(), 'messenger-prod-'));
  const dataDir = join(folder, 'data');
  let server: ChildProcess | undefined;
  let url = '';
  const chunks: string[] = [];
  const output = () => chunks.join('');

  beforeAll(async () => {
    run('npm', ['run', '--silent', 'build'], REPO_ROOT);
    copyForProduction(folder);
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], folder);
    run(
      'npm',
      ['run', '--silent', 'messenger:prod', '--', 'import', inject('networkFile')],
      folder,
      120_000,
    );

    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    server = spawn('npm', ['run', '--silent', 'start:prod'], {
      cwd: folder,
      // NODE_ENV as an operator leaves it: unset (start:prod means production).
      env: {
        ...withoutNodeEnv(),
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO: 'off',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout?.on('data', (data: Buffer) => chunks.push(data.toString()));
    server.stderr?.on('data', (data: Buffer) => chunks.push(data.toString()));
    await waitForReady(url, server, output);
  }, INSTALL_TIMEOUT_MS + 240_000);

  afterAll(async () => {
    if (server?.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('installs no development package', () => {
    for (const devOnly of ['tsx', 'typescript', 'vite', 'esbuild', 'vitest']) {
      expect(existsSync(join(folder, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    expect(existsSync(join(folder, 'packages/server/src'))).toBe(false);
  });

  it('serves the hashed web client and never says it is not built', async () => {
    const html = await (await fetch(`${url}/login`)).text();
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${url}${script ?? ''}`)).status).toBe(200);
    expect(output()).toContain('The messenger is running at');
    expect(output()).not.toMatch(/not built/i);
  });

  it('logs in (argon2 and SQLite, both native, from the production install)', async () => {
    const person = readNetwork(inject('networkFile')).people.find((p) => !p.memorialized);
    expect(person).toBeDefined();
    const response = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: person?.username, password: person?.password }),
    });
    expect(response.status).toBe(200);
    // NODE_ENV=production: the session cookie is Secure (TLS ends at the balancer).
    expect(response.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});
