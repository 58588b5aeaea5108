// `npm start`: installs what is missing, then starts the messenger with its
// embedded default (SQLite in ./data, in-process bus, a demo network).
import { spawnSync, spawn } from 'node:child_process';

const install = spawnSync('bash', ['scripts/install.sh'], { stdio: 'inherit' });
if (install.status !== 0) process.exit(install.status ?? 1);

// The server serves the built web client (packages/web/dist); build it first.
const build = spawnSync('npm', ['run', '--silent', '-w', '@messenger/web', 'build'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn('npx', ['tsx', 'packages/server/src/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
