import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** packages/server: the server's entry points are run from here. */
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** A loaded 2-core machine compiles and starts a node in seconds; this bounds hangs only. */
const START_TIMEOUT_MS = 90_000;

const BASE_ENV = {
  DEMO: 'off',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  LOGIN_RATE_LIMIT: '10000',
  LOGIN_ADDRESS_RATE_LIMIT: '100000',
  LOGIN_USERNAME_RATE_LIMIT: '100000',
};

/** Children still running: killed if the test worker exits first (a timeout, a crash). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * One real server process. Run as `node --import tsx` (no wrapper process),
 * so SIGKILL hits the server itself, like `kill -9` of a crashed node.
 */
export class ServerProcess {
  private output = '';
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer): void => {
      this.output += chunk.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    running.add(child);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolve(signal === null ? code : null);
      });
    });
  }

  /** Starts `src/main.ts` and waits for "running at"; `baseUrl` is then http://127.0.0.1:<port>. */
  static async start(name: string, env: Record<string, string>): Promise<RunningServer> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...BASE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(name, child);
    const baseUrl = await server.waitForUrl();
    return Object.assign(server, { baseUrl, syncUrl: `${baseUrl.replace('http', 'ws')}/sync` });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get log(): string {
    return this.output;
  }

  /** SIGTERM, as an orchestrator stops a node: resolves with the exit code (null: killed by a signal). */
  async terminate(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.child.exitCode;
    this.child.kill('SIGTERM');
    return this.exited;
  }

  /** `kill -9`: no shutdown hook runs, open sockets just drop. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  private async waitForUrl(): Promise<string> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const match = /running at (http:\/\/[^\s]+)/.exec(this.output);
      if (match?.[1] !== undefined) return match[1];
      if (this.child.exitCode !== null) {
        throw new Error(`${this.name} exited (${String(this.child.exitCode)}):\n${this.output}`);
      }
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(`${this.name} did not start in ${START_TIMEOUT_MS} ms:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export type RunningServer = ServerProcess & { baseUrl: string; syncUrl: string };

/** `messenger import FILE` as its own process, with the same database settings as the nodes. */
export async function importNetworkFile(file: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'import', file], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`import exited with ${String(code)}:\n${output}`);
}
