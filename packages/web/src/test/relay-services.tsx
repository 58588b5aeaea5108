import { useEffect, useState, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { relayServicesOn } from '../app/relay-services';
import { RelayServicesProvider } from '../session/session-services';

/**
 * What a RelayRegion gives its children, around a test's environment: the
 * app's real Relay half (live sync, outbox, typing, calls, presence) built on
 * it, disposed when the test unmounts.
 */
export function WithRelayServices({
  environment,
  viewerId,
  children,
}: {
  environment: Environment;
  viewerId: string;
  children: ReactNode;
}): ReactNode {
  const [services] = useState(() => relayServicesOn(environment, viewerId));
  useEffect(
    () => () => {
      services.dispose();
    },
    [services],
  );
  return (
    <RelayEnvironmentProvider environment={environment}>
      <RelayServicesProvider value={services}>{children}</RelayServicesProvider>
    </RelayEnvironmentProvider>
  );
}
