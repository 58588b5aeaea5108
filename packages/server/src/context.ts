import type { Clock, PresenceStatus, SendMessageInput, WireMessage } from '@messenger/core';
import type { Redis } from 'ioredis';
import type { Configuration as OpenIdConfiguration } from 'openid-client';
import type { Counter, Histogram } from 'prom-client';
import type { Config, OidcConfig } from './config';
import type { SendTrace, Tracing } from './config-tracing';
import type { Viewer } from './viewer';
import type { Logger } from './logger';
import type { Db } from './storage/db';
import type { DeltaNote } from './storage/delta-log';

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
 * Fan-out between the nodes that hold sockets (DESIGN.md section 3). After a
 * commit the writer publishes which users' logs moved; every node pushes to
 * the sockets it holds for them. Ephemeral frames (typing, presence) travel
 * the same way and are never stored. In one process the bus is a function
 * call; with REDIS_URL it is Redis pub/sub (redis-bus.ts), same interface.
 *
 * Delivery is at most once: a lost note only delays a push until the socket's
 * next note or reconnect, because every socket reads from the log itself.
 */
export type BusMessage =
  | {
      type: 'deltas';
      notes: DeltaNote[];
      /**
       * W3C `traceparent` of the publish span when the send was traced
       * (observability/tracing.ts): each node's delivery spans join that trace.
       */
      trace?: string;
    }
  /** `frame` is the JSON text of a server frame, for the users' sockets wherever they are. */
  | {
      type: 'ephemeral';
      userIds: string[];
      frame: string;
      /** Only this device (its hello's device_id) of the users: call signalling. */
      deviceId?: string;
    }
  /** A node's reports of its users' presence, for nodes that aggregate several nodes' sockets. */
  | { type: 'presence'; nodeId: string; reports: PresenceReport[] }
  /**
   * Sessions ended on purpose (logout, deactivation, SSO logout): every node closes
   * the sockets of these users, or of these sessions (by id hash), at once
   * with 4401 instead of at its next periodic session check.
   */
  | { type: 'sessions_ended'; userIds: string[]; sessionHashes: string[] };

export interface PresenceReport {
  userId: string;
  status: 'ACTIVE' | 'IDLE' | 'OFFLINE';
}

export type BusHandler = (message: BusMessage) => void;

export interface SyncBus {
  /** This node's id (presence notes of several nodes are told apart by it). */
  readonly nodeId: string;
  /** What trace spans call this bus (`messaging.system`, `messaging.destination.name`). */
  readonly destination: { system: string; name: string };
  publish(message: BusMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: BusHandler): () => void;
  /** Reports how long other nodes' messages took to arrive (a bus between nodes only). */
  observeLag?(observer: (seconds: number) => void): void;
  close(): Promise<void>;
  /**
   * Rejects while the bus cannot carry messages between nodes (Redis down): /readyz
   * then says 503. Absent: an in-process bus, always able.
   */
  checkReady?(timeoutMs: number): Promise<void>;
}

/** What a send returns (features/messaging/send-service.ts). */
export interface SentMessage {
  message: WireMessage;
  /** False when this was a retry of a message already stored: nothing new was written. */
  created: boolean;
}

export interface SendBatchStats {
  batches: number;
  sends: number;
  largestBatch: number;
  /** Batches run again with a savepoint per send, after a send failed past its first write. */
  rerunsWithSavepoints: number;
}

/**
 * Group commit of send_message: features/messaging/send-batcher.ts's
 * SendBatcher, which the runtime builds; the send path calls it through here.
 */
export interface MessageSends {
  readonly stats: SendBatchStats;
  send(viewer: Viewer, input: SendMessageInput, trace?: SendTrace): Promise<SentMessage>;
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
  sends: MessageSends;
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
