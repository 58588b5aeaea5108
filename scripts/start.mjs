// `npm start`: installs what is missing, builds the web client when its sources
// changed since the last build (into a new folder swapped in atomically, so a
// node already serving this checkout keeps serving), then starts the messenger
// from its sources with its embedded default (SQLite in ./data, in-process bus,
// a demo network), and beside it the demo's identity provider and host site
// (another site embedding the messenger with the kit): three origins.
import { spawnSync, spawn } from 'node:child_process';

const install = spawnSync('bash', ['scripts/install.sh'], { stdio: 'inherit' });
if (install.status !== 0) process.exit(install.status ?? 1);

const build = spawnSync(
  'npm',
  ['run', '--silent', '-w', '@messenger/web', 'build', '--', '--if-changed'],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

/**
 * The demo's three origins, unless the environment configures single sign-on
 * itself or turns the demo off: the messenger on http://127.0.0.1:PORT, the
 * identity provider and the host site on http://localhost (another site, as a
 * host network is). DEMO_IDP_PORT / DEMO_HOST_PORT move them.
 */
function demoEnvironment(env) {
  if (env.DEMO === 'off' || env.OIDC_ISSUER !== undefined) return env;
  const idpPort = env.DEMO_IDP_PORT ?? '8081';
  const hostPort = env.DEMO_HOST_PORT ?? '8082';
  return {
    ...env,
    DEMO_IDP_PORT: idpPort,
    DEMO_HOST_PORT: hostPort,
    OIDC_ISSUER: `http://localhost:${idpPort}`,
    OIDC_CLIENT_ID: 'messenger',
    // A demo secret on loopback only; a real deployment sets its own (docs/embedding.md).
    OIDC_CLIENT_SECRET: 'messenger-demo-client-secret',
    EMBED_ORIGINS: env.EMBED_ORIGINS ?? `http://localhost:${hostPort}`,
  };
}

// Node itself with tsx's loader (not `npx tsx`): the signals below reach the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
  env: demoEnvironment(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
