import { createContext, useContext } from 'react';
import type { Environment } from 'relay-runtime';
import type { Api } from '../http/api';
import type { UnreadCount } from './unread-count';

/*
 * The live objects of one login, and where they are read. They are built once,
 * when the person signs in (app/session-services.ts is the only place that
 * builds them), and disposed when the session ends: no module keeps one per
 * environment or per API client. The imports above are types only, so this
 * module costs the first screen nothing; it imports no feature at all.
 */

/**
 * The half that needs Relay: it arrives in Relay's own chunk (see RelayRegion).
 * Each feature whose service it carries adds that slot itself (`declare module`
 * beside its class: liveSync, outbox, typing, calls, presence, funnels,
 * entryPoints), so this layer names no feature and the features depend on it
 * one way.
 */
export interface RelayServices {
  readonly viewerId: string;
  readonly environment: Environment;
  /**
   * Early query requests that failed before a component showing them was
   * committed, by request identifier (relay/use-query-in-store.ts): per login,
   * so a new login's environment starts with none.
   */
  readonly unreportedQueries: Map<string, UnreportedQueryFailure>;
  dispose(): void;
}

/** A failed early request and when it failed (Date.now()). */
export interface UnreportedQueryFailure {
  readonly error: unknown;
  readonly at: number;
}

export interface SessionServices {
  readonly viewerId: string;
  /** The unread count the host page's title shows, published by the part that reads the threads. */
  readonly unread: UnreadCount;
  /** Relay's half, the same promise (and object) for the whole login. */
  relay(): Promise<RelayServices>;
  /** Closes the socket, stops timers and listeners, drops the Relay store. */
  dispose(): void;
}

/** What a login hands the builder of its services. */
export interface SessionLogin {
  api: Api;
  viewerId: string;
  /** The server no longer knows the session (a 401, or the socket closed as unauthenticated). */
  sessionLost: () => void;
}

const RelayServicesContext = createContext<RelayServices | null>(null);

/** Builds a login's services (the app's composition root; tests pass their own). */
export type CreateSessionServices = (login: SessionLogin) => SessionServices;

/** Provided by RelayRoot (inside every RelayRegion) and by component tests. */
export const RelayServicesProvider = RelayServicesContext.Provider;

/** The login's Relay half; only components inside a RelayRegion (or a test's provider) call it. */
export function useRelayServices(): RelayServices {
  const services = useContext(RelayServicesContext);
  if (services === null) throw new Error('useRelayServices needs a RelayRegion');
  return services;
}

/** The Relay half, or null outside a signed-in region (widgets that also render outside one). */
export function useOptionalRelayServices(): RelayServices | null {
  return useContext(RelayServicesContext);
}
