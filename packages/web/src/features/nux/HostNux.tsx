import { Suspense, type ReactNode } from 'react';
import { lazyRoute } from '../../lib/bootload';
import { QuietBoundary } from '../beeper/QuietBoundary';

const LazyNuxRegion = lazyRoute<object>(() =>
  import('./NuxRegion').then((module) => ({ default: module.NuxRegion })),
);

/** Onboarding on the host page: a lazy chunk, and nothing if it fails. */
export function HostNux(): ReactNode {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <LazyNuxRegion />
      </Suspense>
    </QuietBoundary>
  );
}
