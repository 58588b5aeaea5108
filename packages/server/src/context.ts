import type { Clock } from '@messenger/core';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Db } from './storage/db';

/**
 * Everything a handler may depend on, built once at start-up (atproto's
 * `context.ts`). Tests build their own with a throwaway database.
 */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
  clock: Clock;
}

export const systemClock: Clock = { now: () => Date.now() };
