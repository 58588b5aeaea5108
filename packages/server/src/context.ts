import type { Clock } from '@messenger/core';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Db } from './storage/db';
import type { SyncBus } from './features/sync/bus';
import type { SyncOptions } from './features/sync/options';
import type { BlobStore } from './features/attachments/blob-store';
import type { MessengerMetrics } from './features/observability/messenger-metrics';
import type { Tracing } from './features/observability/tracing';

/**
 * Everything a handler may depend on, built once at start-up (atproto's
 * `context.ts`). Tests build their own with a throwaway database.
 */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
  clock: Clock;
  /**
   * Fan-out of sync notes between nodes (Redis with REDIS_URL); absent: an
   * in-process bus made on first use. Closed with the app.
   */
  bus?: SyncBus;
  /** Redis for state every node shares (login limits); absent without REDIS_URL. Closed with the app. */
  redis?: Redis;
  /** Where attachment ciphertext is kept; absent: files under DATA_DIR/blobs. */
  blobs?: BlobStore;
  /** Set while the node shuts down: /readyz says 503 and new sockets are refused. */
  lifecycle?: { draining: boolean };
  /** The messenger's Prometheus metrics; set by buildApp (absent in tests without an app). */
  metrics?: MessengerMetrics;
  /**
   * OpenTelemetry traces of sends; set by buildApp only when configured (absent:
   * off, and the send path checks nothing else). Shut down with the app.
   */
  tracing?: Tracing;
  /** Overrides of the sync socket's timers and bounds (tests shrink them). */
  sync?: Partial<SyncOptions>;
}

export const systemClock: Clock = { now: () => Date.now() };
