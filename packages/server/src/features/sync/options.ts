import { SYNC_TIMING } from '@messenger/core';
import type { SyncOptions } from '../../context';

// The interface lives in context.ts, which holds the runtime's options.
export type { SyncOptions } from '../../context';

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
