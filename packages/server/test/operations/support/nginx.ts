import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** deploy/nginx/ of the repository: the locations every messenger server block includes. */
const DEPLOY_DIR = fileURLToPath(new URL('../../../../../deploy/nginx/', import.meta.url));

/** Debian's nginx (scripts/install-nginx.sh), or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

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

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground as this user, in a folder of its own (pid, logs,
 * temp files), listening on loopback in front of `upstreams` (host:port), with
 * the repository's own deploy/nginx/messenger-locations.conf. Plain HTTP: TLS
 * is the deployment's (messenger.conf), not what is tested here.
 */
export async function startBalancer(binary: string, upstreams: string[]): Promise<Balancer> {
  const prefix = mkdtempSync(join(tmpdir(), 'messenger-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${join(prefix, name)};`;
  const config = `
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'logs/error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${join(prefix, 'logs/access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream messenger_nodes {
    ${upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 8;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${String(port)};
    ${readFileSync(join(DEPLOY_DIR, 'messenger-locations.conf'), 'utf8')}
  }
}
`;
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const check = spawnSync(binary, ['-t', '-p', prefix, '-c', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the config:\n${check.stderr}`);
  const child: ChildProcess = spawn(binary, ['-p', prefix, '-c', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
