import type { PresenceStatus } from '@messenger/core';
import { describe, expect, it } from 'vitest';
import type { PresenceStore } from '../../src/features/presence/store';
import { InProcessBus } from '../../src/features/sync/bus';
import type { SyncConnection } from '../../src/features/sync/connection';
import { syncOptions } from '../../src/features/sync/options';
import { PresenceTracker } from '../../src/features/presence/tracker';
import type { Db } from '../../src/storage/db';
import { createLogger } from '../../src/logger';
import { manualClock } from '../support/session';

/** Counts the reports it gets: with several nodes each one is a message on the cluster's bus. */
class CountingStore implements PresenceStore {
  readonly reports: string[] = [];
  private readonly statuses = new Map<string, PresenceStatus>();
  get(personId: string): PresenceStatus {
    return this.statuses.get(personId) ?? 'OFFLINE';
  }
  getMany(personIds: readonly string[]): Map<string, PresenceStatus> {
    return new Map(personIds.map((id) => [id, this.get(id)]));
  }
  set(personId: string, status: PresenceStatus): void {
    this.reports.push(`${personId}-${status}`);
    this.statuses.set(personId, status);
  }
}

describe('presence tracker', () => {
  it('reports a status when it changes and on each sweep, not on every frame a socket sends', () => {
    const clock = manualClock();
    const store = new CountingStore();
    const options = syncOptions({ presenceIdleMs: 1000, presenceSweepMs: 60_000 });
    // Only its user, attention and last activity are read here.
    const conn = {
      userId: '501',
      attention: 'active',
      lastActivityAt: clock.now(),
    } as unknown as SyncConnection;
    const sockets = new Set<SyncConnection>();
    const tracker = new PresenceTracker({
      // A change reads who sees it; nobody here.
      db: { read: () => Promise.resolve([]) } as unknown as Db,
      bus: new InProcessBus(),
      store,
      clock,
      logger: createLogger('silent'),
      options,
      connectionsOf: () => sockets,
      deliverLocally: () => undefined,
    });
    try {
      sockets.add(conn);
      tracker.connected(conn);
      for (let i = 0; i < 50; i += 1) tracker.activity(conn);
      expect(store.reports).toEqual(['501-ACTIVE']);

      tracker.sweep();
      expect(store.reports).toEqual(['501-ACTIVE', '501-ACTIVE']);

      clock.advance(1001);
      tracker.activity(conn);
      expect(store.reports.at(-1)).toBe('501-IDLE');
      conn.lastActivityAt = clock.now();
      tracker.activity(conn);
      tracker.activity(conn);
      expect(store.reports).toEqual(['501-ACTIVE', '501-ACTIVE', '501-IDLE', '501-ACTIVE']);
    } finally {
      tracker.close();
    }
  });
});
