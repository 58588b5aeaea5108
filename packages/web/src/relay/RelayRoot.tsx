import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import type { Environment } from 'relay-runtime';
import type { Api } from '../http/api';
import { createRelayEnvironment } from './environment';

const environments = new WeakMap<Api, { viewerId: string; environment: Environment }>();

/**
 * One Relay environment per API client and viewer: every region of a page
 * shares it, and a new login (another viewer) starts from an empty store.
 */
export function environmentFor(api: Api, viewerId: string, onSessionLost: () => void): Environment {
  const cached = environments.get(api);
  if (cached?.viewerId === viewerId) return cached.environment;
  const environment = createRelayEnvironment(api, onSessionLost);
  environments.set(api, { viewerId, environment });
  return environment;
}

export interface RelayRootProps {
  api: Api;
  viewerId: string;
  onSessionLost: () => void;
  children: ReactNode;
}

/** Provides the session's Relay environment. Loaded lazily through RelayRegion. */
export function RelayRoot({ api, viewerId, onSessionLost, children }: RelayRootProps): ReactNode {
  return (
    <RelayEnvironmentProvider environment={environmentFor(api, viewerId, onSessionLost)}>
      {children}
    </RelayEnvironmentProvider>
  );
}
