/**
 * Servers under test run as child processes, so the load generator does not
 * share their event loop. Each raises its own file-descriptor limit and
 * listens on a free loopback port, which it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const REPO_ROOT = new URL('../../../', import.meta.url).pathname;
const FD_LIMIT = 20_000;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ChildServer {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Resident set of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match === null ? Number.NaN : Number(match[1]) * 1024;
}

function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  nodeFlags = '',
): Promise<ChildServer> {
  const child: ChildProcess = spawn(
    'sh',
    ['-c', `ulimit -n ${FD_LIMIT} 2>/dev/null; exec node ${nodeFlags} --import tsx ${script}`],
    { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(`[${name}] ${chunk.toString('utf8')}`);
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    const exited = new Promise<void>((done) => {
      child.once('exit', () => {
        done();
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${String(code)}) before listening: ${output}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      // E.g. with BENCH_MESSENGER_NODE_FLAGS=--trace-gc, to see the messenger's pauses.
      if (process.env.BENCH_CHILD_STDOUT === '1')
        process.stdout.write(`[${name}] ${chunk.toString('utf8')}`);
      output += chunk.toString('utf8');
      const match = ready.exec(output);
      if (match === null || child.pid === undefined) return;
      clearTimeout(timer);
      const pid = child.pid;
      resolve({
        name,
        url: match[1]!.replace(/\/$/, ''),
        pid,
        stop: async () => {
          if (child.exitCode !== null) return;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

export interface MessengerEnv {
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
}

/** The bench's servers open /metrics (heap figures) to this bearer token only (METRICS_TOKEN). */
export const BENCH_METRICS_TOKEN = `bench-metrics-${String(process.pid)}-token`;

/** The real server (packages/server/src/main.ts) as it runs in production, minus TLS. */
export function startMessenger(name: string, env: MessengerEnv): Promise<ChildServer> {
  return startChild(
    name,
    'packages/server/src/main.ts',
    {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: env.dataDir,
      DEMO: 'off',
      // Request logs at info would measure pino more than the messenger.
      LOG_LEVEL: 'warn',
      // Development mode accepts ad-hoc GraphQL documents (production only persisted ones).
      NODE_ENV: 'development',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
      ...(env.databaseUrl === undefined ? {} : { DATABASE_URL: env.databaseUrl }),
      ...(env.redisUrl === undefined
        ? {}
        : // Its own pub/sub channel: tests on the same Redis neither see nor disturb this cluster.
          { REDIS_URL: env.redisUrl, REDIS_CHANNEL: `messenger:bench:${process.pid}` }),
    },
    /running at (http:\/\/127\.0\.0\.1:\d+)/,
    // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the messenger (Node refuses it in NODE_OPTIONS).
    process.env.BENCH_MESSENGER_NODE_FLAGS ?? '',
  );
}

export function startBareServer(): Promise<ChildServer> {
  return startChild(
    'bare ws',
    'bench/src/delivery/bare-server.ts',
    {},
    /listening at (http:\/\/127\.0\.0\.1:\d+)/,
  );
}
