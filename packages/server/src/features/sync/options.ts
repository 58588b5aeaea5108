import { SYNC_TIMING } from '@messenger/core';

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

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  heartbeatMs: SYNC_TIMING.heartbeatMs,
  helloTimeoutMs: SYNC_TIMING.helloTimeoutMs,
  replayPageSize: 500,
  highWaterBytes: 256 * 1024,
  maxBufferedBytes: 1024 * 1024,
  stallTimeoutMs: 10_000,
  maxLagDeltas: 10_000,
  recentPerUser: 256,
  outOfOrderGraceMs: 50,
  retentionMaxDeltas: 50_000,
  retentionMaxAgeMs: 7 * 24 * 60 * 60 * 1000,
  pruneIntervalMs: 10 * 60 * 1000,
  maxClientFrameBytes: 16 * 1024,
  typingExpiryMs: SYNC_TIMING.typingExpiryMs,
  presenceIdleMs: 5 * 60 * 1000,
  presenceOfflineGraceMs: 15_000,
  presenceSweepMs: 10_000,
  sessionCheckMs: 60_000,
};

export function syncOptions(overrides: Partial<SyncOptions> | undefined): SyncOptions {
  return { ...DEFAULT_SYNC_OPTIONS, ...overrides };
}
