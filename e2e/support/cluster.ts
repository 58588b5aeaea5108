import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from './paths';
import { freePort } from './server';

/**
 * Two real server nodes on one fresh PostgreSQL database and one Redis
 * channel, as several nodes run in production (docs/operating.md). The nodes
 * are separate processes, killed for real.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ClusterNode {
  url: string;
  /** `kill -9`: the node's sockets just drop. */
  kill(): Promise<void>;
  output(): string;
}

export interface Cluster {
  nodes: ClusterNode[];
  stop(): Promise<void>;
}

async function withAdmin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL and Redis answer (the cluster tests are skipped, loudly, without them). */
export async function clusterServicesReachable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('select 1'));
  } catch {
    return false;
  }
  const { createConnection } = await import('node:net');
  const redis = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection(Number(redis.port || 6379), redis.hostname);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', resolve));
}

async function startNode(env: NodeJS.ProcessEnv): Promise<ClusterNode> {
  const port = await freePort();
  const child = run(['packages/server/src/main.ts'], { ...env, PORT: String(port) });
  const output = collect(child);
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a node exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`a node was not ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/** Imports `networkFile` into a new database, then starts two nodes on it. */
export async function startCluster(
  networkFile: string,
  extraEnv: Record<string, string>,
): Promise<Cluster> {
  const name = `msgr_e2e_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(DATABASE_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'messenger-cluster-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DEMO: 'off',
    LOGIN_RATE_LIMIT: '1000',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_CHANNEL: `messenger:e2e:${name}`,
    METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
    ...extraEnv,
  };
  delete env.PUBLIC_URL;
  const nodes: ClusterNode[] = [];
  const stop = async (): Promise<void> => {
    await Promise.allSettled(nodes.map((node) => node.kill()));
    rmSync(dataDir, { recursive: true, force: true });
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  try {
    const importer = run(['packages/server/src/cli/main.ts', 'import', networkFile], env);
    const output = collect(importer);
    if ((await exited(importer)) !== 0) throw new Error(`import failed:\n${output()}`);
    const started = await Promise.allSettled([startNode(env), startNode(env)]);
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes, stop };
}

/** /metrics answers only this bearer token on the public listener (SECURITY.md). */
const CLUSTER_METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;

/** Sync sockets the node holds now (its Prometheus gauge). */
export async function socketsOn(node: ClusterNode): Promise<number> {
  const response = await fetch(`${node.url}/metrics`, {
    headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text.split('\n').find((l) => l.startsWith('messenger_sync_sockets '));
  return Number(line?.split(' ')[1] ?? 0);
}
