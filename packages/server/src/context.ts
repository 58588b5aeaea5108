import type { Clock, PresenceStatus } from '@messenger/core';
import type { Redis } from 'ioredis';
import type { Configuration as OpenIdConfiguration } from 'openid-client';
import type { Counter, Histogram } from 'prom-client';
import type { Config, OidcConfig } from './config';
import type { Tracing } from './config-tracing';
import type { Logger } from './logger';
import type { Db } from './storage/db';
import type { SyncBus } from './features/sync/bus';
import type { SendBatcher } from './features/messaging/send-batcher';
import type { SentMessage } from './features/messaging/send-service';

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
 * Where attachment ciphertext lives. The filesystem store is the default; an
 * object store (S3 and the like) can implement the same three calls for a
 * cluster whose nodes share no disk.
 */
export interface BlobStore {
  /** Stores the bytes under `id` whole or not at all. */
  put(id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(id: string): Promise<Buffer | null>;
  /** Removes the blob; absent already is fine. */
  delete(id: string): Promise<void>;
}

/** What gauges read when Prometheus scrapes: set by the features that own the numbers. */
export interface MetricSources {
  openSockets?: () => number;
  /** Calls not ended, by status (ringing, active): read from the database, shared by every node. */
  callsByStatus?: () => Promise<Record<string, number>>;
}

/**
 * The messenger's own work, by Prometheus conventions (base units, `_total`
 * counters, `_seconds` durations, a `messenger_` prefix). A node counts what
 * it did itself; sum over nodes in the queries (deploy/grafana/messenger.json).
 */
export interface MessengerMetrics {
  sources: MetricSources;
  hellos: Counter<'kind'>;
  deltasAppended: Counter;
  deltasPushed: Counter;
  sendBatchSize: Histogram;
  sendBatchDuration: Histogram;
  busLag: Histogram;
  presenceReports: Counter<'status'>;
  searchDuration: Histogram<'kind'>;
}

/**
 * Tunables of the sync socket and the delta log. Defaults suit production;
 * tests shrink the timers and bounds through `AppContext.sync`.
 */
export interface SyncOptions {
  /** WebSocket ping interval; a socket that missed a whole interval is terminated. */
  heartbeatMs: number;
  /** No hello within this: close 4400. */
  helloTimeoutMs: number;
  /** Deltas per database read while replaying. */
  replayPageSize: number;
  /** Above this many buffered bytes a socket waits before it is sent more. */
  highWaterBytes: number;
  /** Hard bound of buffered bytes: over it the socket is cut off (4008). */
  maxBufferedBytes: number;
  /** A socket that stays above the high-water mark this long is cut off (4008). */
  stallTimeoutMs: number;
  /** A live socket this many deltas behind its user's head is cut off (4008). */
  maxLagDeltas: number;
  /** Recent deltas kept in memory per connected user, so live pushes need no read. */
  recentPerUser: number;
  /**
   * How long a live socket waits for a note that arrived out of order (a later
   * seq came first) before reading the missing delta from the log.
   */
  outOfOrderGraceMs: number;
  /** Retention of each user's log: the newest this many deltas... */
  retentionMaxDeltas: number;
  /** ...and none older than this. */
  retentionMaxAgeMs: number;
  pruneIntervalMs: number;
  /** Largest client frame accepted (bytes). */
  maxClientFrameBytes: number;
  typingExpiryMs: number;
  /** Connected without activity this long: IDLE. */
  presenceIdleMs: number;
  /** No socket left this long: OFFLINE (a reload does not flicker). */
  presenceOfflineGraceMs: number;
  /** How often idle and offline transitions are checked. */
  presenceSweepMs: number;
  /** How often open sockets' sessions are checked: a logged-out session's sockets close (4401). */
  sessionCheckMs: number;
}

/**
 * The OpenID Connect client the SSO routes use (features/sso/oidc.ts's
 * OidcProvider): the provider's discovered configuration and its checked
 * back-channel logout tokens.
 */
export interface OidcClient {
  readonly settings: OidcConfig;
  configuration(): Promise<OpenIdConfiguration>;
  logoutClaims(token: string): Promise<{ sub?: string; sid?: string }>;
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
  oidc?: OidcClient;
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
