import type { Clock } from '@messenger/core';
import type { Redis } from 'ioredis';
import { join } from 'node:path';
import { systemClock, type AppContext } from './context';
import type { Config } from './config';
import { FileBlobStore, type BlobStore } from './features/attachments/blob-store';
import { SendBatcher } from './features/messaging/send-batcher';
import type { SentMessage } from './features/messaging/send-service';
import { sendSessionStore } from './features/messaging/send-session';
import { createMetrics, type Metrics } from './features/observability/metrics';
import { startTracing, type Tracing } from './features/observability/tracing';
import { MemoryPresenceStore, type PresenceStore } from './features/presence/store';
import { OidcProvider } from './features/sso/oidc';
import { InProcessBus, type SyncBus } from './features/sync/bus';
import { syncOptions, type SyncOptions } from './features/sync/options';
import { RedisBus } from './features/sync/redis-bus';
import { createLogger, type Logger } from './logger';
import { createSyncRuntime, type SyncRuntime } from './runtime-sync';
import { openDb, type Db } from './storage/db';
import { migrateToLatest } from './storage/migrate';
import { openRedis } from './storage/redis';
import { storesOf } from './storage/stores';

/**
 * Parts a caller brings instead of the ones the config describes (tests: a
 * throwaway database, a clock moved by hand, a bus shared by two nodes).
 * What a caller brings stays theirs to close, except the bus, which every
 * node closes when it stops (as the app always did).
 */
export interface RuntimeOverrides {
  /** An already migrated database. */
  db?: Db;
  logger?: Logger;
  clock?: Clock;
  /** A bus that may join several nodes (presence is then combined across them). */
  bus?: SyncBus;
  redis?: Redis;
  blobs?: BlobStore;
  presence?: PresenceStore;
  metrics?: Metrics;
  /** Null: no tracing even when configured (the command line traces nothing). */
  tracing?: Tracing | null;
  sync?: Partial<SyncOptions>;
}

/**
 * One node's composition root: every long-lived part, built up front, and
 * the one `close` that ends them. main.ts, the command line and the tests
 * all make theirs with createRuntime; buildApp serves one.
 */
export interface Runtime {
  ctx: AppContext;
  /** The sync socket's hub and the features that listen to it. */
  sync: SyncRuntime;
  /** Prometheus: the HTTP metrics and the messenger's (ctx.metrics) in one registry. */
  metrics: Metrics;
  /**
   * Ends the node, in order: sockets (after the sends received are stored),
   * pending delivery acks, the bus, Redis, tracing, then the database if the
   * runtime opened it. Idempotent. An app built on the runtime is closed first
   * by its owner (main.ts closes its servers, then the runtime).
   */
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the configured database unless one is given, connects
 * Redis with REDIS_URL, and builds the rest. Nothing here listens yet.
 */
export async function createRuntime(
  config: Config,
  overrides: RuntimeOverrides = {},
): Promise<Runtime> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const ownDb = overrides.db === undefined;
  const db =
    overrides.db ??
    openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => {
        logger.warn({ err: error }, 'postgresql connection lost; the pool reconnects on demand');
      },
    });
  if (ownDb) await migrateToLatest(db);
  const clock = overrides.clock ?? systemClock;
  let bus = overrides.bus;
  let redis = overrides.redis;
  if (config.redisUrl !== undefined) {
    bus ??= await RedisBus.connect(config.redisUrl, logger, config.redisChannel);
    redis ??= openRedis(config.redisUrl, logger, 'shared limits');
  }
  // Only a bus brought or made for Redis may join other nodes.
  const clustered = bus !== undefined;
  bus ??= new InProcessBus('local', (error) => {
    logger.error({ err: error }, 'sync bus handler failed');
  });
  const metrics = overrides.metrics ?? createMetrics();
  // Before the hub and the send path are made: they read ctx.tracing once.
  const tracing =
    overrides.tracing === null
      ? undefined
      : (overrides.tracing ??
        (config.tracing === undefined ? undefined : await startTracing(config.tracing, logger)));
  const base = {
    config,
    db,
    logger,
    clock,
    bus,
    clustered,
    metrics: metrics.messenger,
    ...(tracing === undefined ? {} : { tracing }),
  };
  const ctx: AppContext = {
    ...base,
    ...(redis === undefined ? {} : { redis }),
    ...(config.oidc === undefined ? {} : { oidc: new OidcProvider(config.oidc) }),
    blobs: overrides.blobs ?? new FileBlobStore(join(config.dataDir, 'blobs')),
    presence: overrides.presence ?? new MemoryPresenceStore(clock),
    sends: new SendBatcher<SentMessage>(base, sendSessionStore(base), storesOf(db).send.batching),
    lifecycle: { draining: false },
    syncOptions: syncOptions({
      ...(config.presenceSweepMs === undefined ? {} : { presenceSweepMs: config.presenceSweepMs }),
      ...overrides.sync,
    }),
  };
  const sync = createSyncRuntime(ctx);

  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    await sync.stop();
    await sync.delivery.idle();
    await ctx.bus.close();
    await ctx.redis?.quit().catch(() => undefined);
    // Exports the spans still waiting (bounded by OTEL_EXPORTER_OTLP_TIMEOUT).
    await ctx.tracing?.shutdown();
    if (ownDb) await db.close();
  };
  return {
    ctx,
    sync,
    metrics,
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
