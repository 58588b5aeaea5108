import { buildApp } from './app';
import { createProgressBar, progressOutputOn } from './cli/progress-bar';
import { runShutdown } from './features/lifecycle/shutdown';
import { startMetricsListener } from './features/observability/plugin';
import { ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { startDemoSites } from './features/demo/demo-sites';
import { isNetworkEmpty, loadDemoNetwork } from './features/demo/load';
import { formatLoginTable, type DemoLogin } from './features/demo/logins';
import { createRuntime } from './runtime';

/** DEMO=auto on an empty database: generate and import the demo network, with progress. */
async function loadDemoIfEmpty(ctx: AppContext): Promise<DemoLogin[] | null> {
  if (ctx.config.demo !== 'auto' || !(await isNetworkEmpty(ctx))) return null;
  process.stdout.write('Empty database: loading the demo network...\n');
  const bar = createProgressBar(progressOutputOn(process.stdout));
  const logins = await loadDemoNetwork(ctx, (progress) => {
    bar.update(progress);
  });
  bar.finish();
  return logins;
}

/** Starts the messenger: migrate, (demo network on an empty database), listen. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const runtime = await createRuntime(config);
  const { ctx, metrics } = runtime;
  const demoLogins = await loadDemoIfEmpty(ctx);
  const app = await buildApp(runtime);
  const address = await app.listen({ host: config.host, port: config.port });
  const metricsListener =
    config.metricsListen === undefined
      ? null
      : await startMetricsListener(metrics, config.metricsListen, ctx.logger);
  if (metricsListener !== null) {
    process.stdout.write(`Metrics are served at ${metricsListener.url}/metrics\n`);
  }
  const url = config.publicUrl ?? address;
  process.stdout.write(`\nThe messenger is running at ${url}\n`);
  const demoSites =
    config.demoSites === undefined ? null : await startDemoSites(ctx, config.demoSites, url);
  if (demoSites !== null) {
    process.stdout.write(
      `\nThe demo host network (another site, with the messenger embedded) is at ${demoSites.host.url}\n` +
        `Sign in there with a demo login below (the identity provider at ${demoSites.idp.issuer}); ` +
        'the chat sidebar signs in by itself.\n',
    );
  }
  if (demoLogins) {
    process.stdout.write(
      `\nDemo logins (every demo account has the same password):\n${formatLoginTable(demoLogins)}\n`,
    );
  }
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    void runShutdown(
      {
        lifecycle: ctx.lifecycle,
        drainMs: config.shutdownDrainMs,
        timeoutMs: config.shutdownTimeoutMs,
        closeServers: async () => {
          await Promise.all([app.close(), metricsListener?.server.close(), demoSites?.close()]);
        },
        // Sockets are closed with the app: then the bus, Redis, tracing and the database.
        closeStorage: () => runtime.close(),
        logger: ctx.logger,
        exit: (code) => process.exit(code),
      },
      signal,
      // Ctrl-C in a terminal: nobody balances load in front of it, no need to wait.
      signal === 'SIGTERM',
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`);
  } else {
    process.stderr.write(
      `failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
