import { Suspense, type ReactNode } from 'react';
import { lazyRoute } from '../lib/bootload';
import { useSession } from '../session/SessionProvider';
import type { RelayRootProps } from './RelayRoot';

const loadRelayRoot = () => import('./RelayRoot').then((module) => ({ default: module.RelayRoot }));

const LazyRelayRoot = lazyRoute<RelayRootProps>(loadRelayRoot);

/**
 * Starts loading Relay (relay-runtime and react-relay, about 57 KB gzip) without
 * waiting for a screen to need it: the app calls it as soon as a session is
 * likely, in parallel with the session check.
 */
export function preloadRelay(): void {
  loadRelayRoot().catch(() => undefined);
}

/**
 * The part of a page that reads GraphQL data. Relay is not in the first
 * screen's initial JavaScript: it arrives in its own chunk, and `fallback`
 * shows meanwhile. Components that use Relay hooks live in lazily loaded
 * modules rendered inside a RelayRegion (packages/web/README.md).
 */
export function RelayRegion({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  const session = useSession();
  if (session.state.status !== 'signed-in') return fallback;
  return (
    <Suspense fallback={fallback}>
      <LazyRelayRoot services={session.state.services}>{children}</LazyRelayRoot>
    </Suspense>
  );
}
