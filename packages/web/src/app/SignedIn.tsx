import { Suspense, useEffect, type ReactNode } from 'react';
import type { CallRegionProps } from '../features/calls/CallRegion';
import type { EmbedPageProps } from '../features/embed/EmbedPage';
import { Beeper } from '../features/beeper/Beeper';
import { HostPage } from '../features/host/HostPage';
import { LeavePageGuard } from '../features/leave-page/LeavePageGuard';
import { StaffTools } from '../features/staff/StaffTools';
import { preloadRelay, RelayRegion } from '../relay/RelayRegion';
import type { RouteMatch } from '../router/routes';
import type { Viewer } from '../session/session-client';
import { LoadingScreen } from '../ui/LoadingScreen';
import { lazyRoute } from '../lib/bootload';
import { LazyFunnelDashboardPage, LazyMessengerPage } from './lazy-routes';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// The embed's page (only inside a host's frame): its own chunk, with the embed protocol's schemas.
const LazyEmbedPage = lazyRoute<EmbedPageProps>(() =>
  import('../features/embed/EmbedPage').then((module) => ({ default: module.EmbedPage })),
);

// Calls ring on every signed-in page (host or messenger) and go on across them; own chunk.
const LazyCallRegion = lazyRoute<CallRegionProps>(() =>
  import('../features/calls/CallRegion').then((module) => ({ default: module.CallRegion })),
);

/** The screens of a signed-in person. */
export function SignedIn({
  viewer,
  route,
  path,
}: {
  viewer: Viewer;
  route: Extract<RouteMatch, { name: 'host' | 'messenger' | 'staff-funnels' | 'embed' }>;
  path: string;
}): ReactNode {
  useEffect(preloadRelay, []);
  return (
    <LeavePageGuard>
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>
          {route.name === 'host' ? <HostPage viewer={viewer} /> : null}
          {route.name === 'embed' ? <LazyEmbedPage viewer={viewer} /> : null}
          {route.name === 'messenger' ? <LazyMessengerPage viewer={viewer} path={path} /> : null}
          {route.name === 'staff-funnels' ? <LazyFunnelDashboardPage viewer={viewer} /> : null}
        </Suspense>
      </RouteErrorBoundary>
      <Beeper viewerId={viewer.id} />
      <RelayRegion>
        <LazyCallRegion viewerId={viewer.id} viewerName={viewer.name} />
      </RelayRegion>
      {/* The staff's bug nub would sit on the embed's chat tabs: staff tools stay on Messenger's own pages. */}
      {route.name === 'embed' ? null : <StaffTools viewer={viewer} />}
    </LeavePageGuard>
  );
}
