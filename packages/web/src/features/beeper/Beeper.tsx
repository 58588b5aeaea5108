import type { ReactNode } from 'react';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import type { BeeperRegionProps } from './BeeperRegion';
import { QuietBoundary } from './QuietBoundary';

const LazyBeeperRegion = lazyRoute<BeeperRegionProps>(() =>
  import('./BeeperRegion').then((module) => ({ default: module.BeeperRegion })),
);

/**
 * The beeper of every signed-in screen. Mounted once above the screens, so
 * its toasts and timers survive moving between the host page and the
 * messenger; its Relay-reading part is a lazily loaded chunk.
 */
export function Beeper({ viewerId }: { viewerId: string }): ReactNode {
  return (
    <QuietBoundary>
      <RelayRegion>
        <LazyBeeperRegion viewerId={viewerId} />
      </RelayRegion>
    </QuietBoundary>
  );
}
