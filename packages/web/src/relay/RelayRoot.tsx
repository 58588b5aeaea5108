import { use, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { RelayServicesProvider, type SessionServices } from '../session/session-services';

export interface RelayRootProps {
  services: SessionServices;
  children: ReactNode;
}

/**
 * Provides the login's Relay environment and the rest of its Relay half
 * (live sync, outbox, typing, calls, presence): built once per login by the
 * session services, so every region of a page shares them. Suspends until
 * they are built. Loaded lazily through RelayRegion.
 */
export function RelayRoot({ services, children }: RelayRootProps): ReactNode {
  const relay = use(services.relay());
  return (
    <RelayEnvironmentProvider environment={relay.environment}>
      <RelayServicesProvider value={relay}>{children}</RelayServicesProvider>
    </RelayEnvironmentProvider>
  );
}
