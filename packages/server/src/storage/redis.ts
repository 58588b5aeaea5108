import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/**
 * A Redis client for shared state (login limits): reconnects forever with a capped
 * back-off, logs its connection errors (an `error` event without a listener would
 * end the process), and fails a command after two reconnect attempts rather than
 * queueing it for the whole outage.
 */
export function openRedis(url: string, logger: Logger, purpose: string): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
  });
  client.on('error', (error: unknown) => {
    logger.warn({ err: error, purpose }, 'redis connection error');
  });
  return client;
}
