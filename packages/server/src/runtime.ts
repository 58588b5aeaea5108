import { systemClock, type AppContext } from './context';
import type { Config } from './config';
import { RedisBus } from './features/sync/redis-bus';
import { createLogger } from './logger';
import { openDb } from './storage/db';
import { openRedis } from './storage/redis';
import { migrateToLatest } from './storage/migrate';

/**
 * Opens the configured database, migrates it, and assembles the context. With
 * REDIS_URL, sync notes travel between nodes over Redis (the app closes the bus).
 */
export async function createRuntimeContext(config: Config): Promise<AppContext> {
  const logger = createLogger(config.logLevel);
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => {
      logger.warn({ err: error }, 'postgresql connection lost; the pool reconnects on demand');
    },
  });
  await migrateToLatest(db);
  const ctx: AppContext = { config, db, logger, clock: systemClock };
  if (config.presenceSweepMs !== undefined) ctx.sync = { presenceSweepMs: config.presenceSweepMs };
  if (config.redisUrl !== undefined) {
    ctx.bus = await RedisBus.connect(config.redisUrl, logger, config.redisChannel);
    ctx.redis = openRedis(config.redisUrl, logger, 'shared limits');
  }
  return ctx;
}
