import { manualClock } from '../clock';
import { createFunnelManager } from './funnel-manager';
import type { FunnelDefinition, FunnelRegistry } from './funnel-registry';
import type { FunnelEvent, FunnelManagerState } from './funnel-types';

/** A funnel manager on a hand-moved clock and a chosen sample, shared by the manager's tests. */
export const SEARCH = 'WWW_MESSENGER_SEARCH_FUNNEL';
export const SHARE = 'WWW_MESSENGER_SHARE_FUNNEL';

export const registry: FunnelRegistry = {
  [SEARCH]: { name: SEARCH, loggingId: 9500, timeoutSec: 600, samplingRate: 0.25 },
  [SHARE]: { name: SHARE, loggingId: 9501, timeoutSec: 60, samplingRate: 1 },
} satisfies Record<string, FunnelDefinition>;

export function setup(options: { sample?: number; trackFocus?: boolean } = {}) {
  const clock = manualClock(1_000);
  let ids = 0;
  let sampleValue = options.sample ?? 0;
  const manager = createFunnelManager({
    clock,
    sample: () => sampleValue,
    newId: () => `id-${++ids}`,
    registry,
  });
  const initial = manager.initialState(
    options.trackFocus === undefined ? undefined : { trackFocus: options.trackFocus },
  );
  return {
    clock,
    manager,
    initial,
    setSample: (value: number) => (sampleValue = value),
    run: (events: FunnelEvent[], state: FunnelManagerState = initial) =>
      manager.reduceAll(state, events),
  };
}
