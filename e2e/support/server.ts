import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, WEB_DIST_INDEX } from './paths';

const SERVER_ENTRY = 'packages/server/src/main.ts';
const CLI_ENTRY = 'packages/server/src/cli/main.ts';
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  dataDir: string;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** A network file imported into the fresh data folder before the server starts. */
  networkFile: string;
  /** Extra environment (e.g. LOGIN_RATE_LIMIT). */
  env?: Record<string, string>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** Runs TypeScript with tsx's loader inside one Node process (signals reach the server itself). */
function runTs(entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): () => string {
  const chunks: string[] = [];
  const keep = (data: Buffer): void => {
    chunks.push(data.toString('utf8'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => chunks.join('');
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
}

async function importNetwork(networkFile: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = runTs(CLI_ENTRY, ['import', networkFile], env);
  const output = collect(child);
  const code = await exited(child);
  if (code !== 0) {
    throw new Error(`messenger import ${networkFile} failed (exit ${String(code)}):\n${output()}`);
  }
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * A real server process on a free port with a fresh data folder: the network
 * file is imported first (`messenger import`), the demo network is off, and
 * the built web client is served. `stop()` ends it and removes the folder.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      `${WEB_DIST_INDEX} is missing: build the web client first (npm run -w @messenger/web build)`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'messenger-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: 'off',
    // Tests log in many times; the rate-limit test starts its own server with a low limit.
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    LOGIN_USERNAME_RATE_LIMIT: '100000',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;

  try {
    await importNetwork(options.networkFile, env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const child = runTs(SERVER_ENTRY, [], env);
  const output = collect(child);
  const url = `http://127.0.0.1:${String(port)}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output, stop };
}
