import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus, type SyncBus } from '../../src/features/sync/bus';
import { ClusterPresenceStore } from '../../src/features/presence/cluster';
import { MemoryPresenceStore } from '../../src/features/presence/store';
import { createLogger } from '../../src/logger';
import { eventually } from '../sync/support/socket';
import { manualClock } from '../support/session';

/** One shared bus seen as two nodes (each ignores its own reports by node id). */
function nodeOn(shared: InProcessBus, nodeId: string): SyncBus {
  return {
    nodeId,
    destination: shared.destination,
    publish: (message) => shared.publish(message),
    subscribe: (handler) => shared.subscribe(handler),
    close: () => Promise.resolve(),
  };
}

describe('cluster presence store', () => {
  const clock = manualClock();
  const stores: ClusterPresenceStore[] = [];
  const node = (shared: InProcessBus, nodeId: string, reportTtlMs = 30_000) => {
    const view = new MemoryPresenceStore(clock);
    const lapses: string[] = [];
    const store = new ClusterPresenceStore({
      bus: nodeOn(shared, nodeId),
      view,
      clock,
      logger: createLogger('silent'),
      reportTtlMs,
      onLapsed: (userId, status) => lapses.push(`${userId}-${status}`),
    });
    stores.push(store);
    return { store, view, lapses };
  };
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  it('shows the liveliest status any node reports, and OFFLINE once no node reports one', async () => {
    const shared = new InProcessBus();
    const a = node(shared, 'a');
    const b = node(shared, 'b');
    a.store.set('501', 'ACTIVE');
    b.store.set('501', 'IDLE');
    await eventually(
      () => Promise.resolve([a.store.get('501'), b.store.get('501'), b.view.get('501')]),
      (s) => s.join() === 'ACTIVE,ACTIVE,ACTIVE',
    );
    // The socket on A goes: B's IDLE remains, on both nodes and in the views the app reads.
    a.store.set('501', 'OFFLINE');
    await eventually(
      () => Promise.resolve([a.store.get('501'), b.store.get('501'), a.view.get('501')]),
      (s) => s.join() === 'IDLE,IDLE,IDLE',
    );
    b.store.set('501', 'OFFLINE');
    await eventually(
      () => Promise.resolve([a.store.get('501'), a.view.get('501')]),
      (s) => s.join() === 'OFFLINE,OFFLINE',
    );
  });

  it("lets a silent node's reports lapse (a node killed without saying so)", async () => {
    const shared = new InProcessBus();
    // A short time to live, so that the expiry sweep (every third of it) runs within the test.
    const a = node(shared, 'a', 600);
    const b = node(shared, 'b', 600);
    b.store.set('502', 'ACTIVE');
    await eventually(
      () => Promise.resolve(a.store.get('502')),
      (s) => s === 'ACTIVE',
    );
    clock.advance(601);
    expect(a.store.get('502')).toBe('OFFLINE');
    // The expiry sweep notices the lapse once and says so (A then tells its own sockets).
    await eventually(
      () => Promise.resolve(a.lapses),
      (lapses) => lapses.length > 0,
    );
    expect(a.lapses).toEqual(['502-OFFLINE']);
    expect(a.view.get('502')).toBe('OFFLINE');
    // B repeats its report (its sweep): it counts again.
    b.store.set('502', 'ACTIVE');
    await eventually(
      () => Promise.resolve(a.store.get('502')),
      (s) => s === 'ACTIVE',
    );
  });
});
