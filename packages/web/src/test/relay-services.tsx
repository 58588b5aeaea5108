import { useEffect, useState, type ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { relayServicesOn } from '../app/relay-services';
import { RelayServicesProvider } from '../session/session-services';
import { recordingFunnels } from './funnels';

/**
 * What a RelayRegion gives its children, around a test's environment: the
 * app's real Relay half (live sync, outbox, typing, calls, presence; funnels
 * that record) built on
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
  const [services] = useState(() =>
    relayServicesOn(environment, viewerId, recordingFunnels().client),
  );
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
