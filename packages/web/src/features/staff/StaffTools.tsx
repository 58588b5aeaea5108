import { Suspense, type ReactNode } from 'react';
import { lazyRoute } from '../../lib/bootload';
import type { Viewer } from '../../session/session-client';
import { QuietBoundary } from '../beeper/QuietBoundary';
import type { BugNubRegionProps } from './BugNubRegion';

const LazyBugNubRegion = lazyRoute<BugNubRegionProps>(() =>
  import('./BugNubRegion').then((module) => ({ default: module.BugNubRegion })),
);

/**
 * The bug-nub of every signed-in screen, a lazily loaded chunk (its menus
 * and dialog stay out of the first screen); if it fails, the page goes on.
 */
export function StaffTools({ viewer }: { viewer: Viewer }): ReactNode {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <LazyBugNubRegion viewer={viewer} />
      </Suspense>
    </QuietBoundary>
  );
}
