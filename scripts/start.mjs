// `npm start`: installs what is missing, builds the web client when its sources
// changed since the last build (into a new folder swapped in atomically, so a
// node already serving this checkout keeps serving), then starts the messenger
// from its sources with its embedded default (SQLite in ./data, in-process bus,
// a demo network).
import { spawnSync, spawn } from 'node:child_process';

const install = spawnSync('bash', ['scripts/install.sh'], { stdio: 'inherit' });
if (install.status !== 0) process.exit(install.status ?? 1);

const build = spawnSync(
  'npm',
  ['run', '--silent', '-w', '@messenger/web', 'build', '--', '--if-changed'],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

// Node itself with tsx's loader (not `npx tsx`): the signals below reach the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
