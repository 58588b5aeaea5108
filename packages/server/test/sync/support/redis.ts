import { Redis } from 'ioredis';

/** The CI Redis; override with TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let reachable: boolean | undefined;

/** Probes Redis once; says loudly when the Redis runs will be skipped. */
export async function isRedisReachable(): Promise<boolean> {
  if (reachable !== undefined) return reachable;
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    reachable = true;
  } catch (error) {
    reachable = false;
    console.warn(
      `\n!!! Redis at ${TEST_REDIS_URL} is unreachable (${String(error)}):\n` +
        '!!! the Redis bus tests are SKIPPED.\n',
    );
  } finally {
    client.disconnect();
  }
  return reachable;
}
