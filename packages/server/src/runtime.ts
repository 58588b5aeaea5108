import { systemClock, type AppContext } from './context';
import type { Config } from './config';
import { createLogger } from './logger';
import { openDb } from './storage/db';
import { migrateToLatest } from './storage/migrate';

/** Opens the configured database, migrates it, and assembles the context. */
export async function createRuntimeContext(config: Config): Promise<AppContext> {
  const logger = createLogger(config.logLevel);
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  return { config, db, logger, clock: systemClock };
}
