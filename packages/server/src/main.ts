import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createRuntimeContext } from './runtime';

/** Starts the messenger: migrate, (demo network on an empty database), listen. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const ctx = await createRuntimeContext(config);
  const app = await buildApp(ctx);
  const address = await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl ?? address;
  process.stdout.write(`\nThe messenger is running at ${url}\n`);
  const shutdown = (): void => {
    void app.close().then(() => ctx.db.close());
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
