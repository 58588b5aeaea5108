import type { Clock, PresenceStatus } from '@messenger/core';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Db } from './storage/db';
import type { SyncBus } from './features/sync/bus';
import type { SyncOptions } from './features/sync/options';
import type { BlobStore } from './features/attachments/blob-store';
import type { SendBatcher } from './features/messaging/send-batcher';
import type { SentMessage } from './features/messaging/send-service';
import type { MessengerMetrics } from './features/observability/messenger-metrics';
import type { Tracing } from './features/observability/tracing';
import type { OidcProvider } from './features/sso/oidc';

/**
 * Who is online. The sidebar preload reads it; the real-time socket feeds it
 * (heartbeats set ACTIVE or IDLE, a closed socket sets OFFLINE). Anyone never
 * reported, or not reported within the expiry, is OFFLINE.
 */
export interface PresenceStore {
  get(personId: string): PresenceStatus;
  getMany(personIds: readonly string[]): Map<string, PresenceStatus>;
  set(personId: string, status: PresenceStatus): void;
}

/**
 * Everything a handler may depend on, every part built once and up front by
 * `createRuntime` (runtime.ts; atproto's `context.ts`), which also closes
 * them. Nothing is made on first use: a newcomer finds where each live object
 * is born there. Tests pass overrides (a clock, a bus, a blob store).
 */
export interface AppContext {
  config: Config;
  db: Db;
  logger: Logger;
  clock: Clock;
  /** Fan-out of sync notes between nodes: Redis with REDIS_URL, else in-process. */
  bus: SyncBus;
  /**
   * The bus may join several nodes (Redis, or one a test shares between
   * apps): presence is combined across nodes, and a restart does not end
   * calls other nodes may still hold.
   */
  clustered: boolean;
  /** Redis for state every node shares (login limits); absent without REDIS_URL. */
  redis?: Redis;
  /** Where attachment ciphertext is kept (by default files under DATA_DIR/blobs). */
  blobs: BlobStore;
  /** Who is online, as the GraphQL API reads it (features/presence/). */
  presence: PresenceStore;
  /** Group commit of send_message (messaging/send-batcher.ts). */
  sends: SendBatcher<SentMessage>;
  /** The OpenID Connect client, when OIDC_* is configured. */
  oidc?: OidcProvider;
  /** Set while the node shuts down: /readyz says 503 and new sockets are refused. */
  lifecycle: { draining: boolean };
  /** The messenger's Prometheus metrics (sends, deltas, sockets, search). */
  metrics: MessengerMetrics;
  /** OpenTelemetry traces of sends, only when configured (absent: off, the send path checks nothing else). */
  tracing?: Tracing;
  /** The sync socket's timers and bounds (tests shrink them). */
  syncOptions: SyncOptions;
}

export const systemClock: Clock = { now: () => Date.now() };
