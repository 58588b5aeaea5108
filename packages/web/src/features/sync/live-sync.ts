import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Environment } from 'relay-runtime';
import { useRelayServices } from '../../session/session-services';
import { useSessionLostSignal } from '../../session/SessionProvider';
import type { DeltaReducers } from './delta-reducers';
import { SyncConnection, syncUrl, type ConnectionStatus } from './sync-connection';

export interface LiveSyncDeps {
  environment: Environment;
  viewerId: string;
  /** This tab's device id on the socket: a call's media runs on exactly one device. */
  deviceId: string;
  /** The features' delta reducers (registered by the app's composition root). */
  reducers: DeltaReducers;
}

/**
 * The live part of one Relay environment (one signed-in session): its sync
 * connection, and the refetches screens register for a resync.
 */
export class LiveSync {
  readonly connection: SyncConnection;
  private readonly refetchers = new Set<() => void>();
  private resyncQueued = false;
  /** What dispose() undoes: the window's online and offline listeners. */
  private readonly stops: (() => void)[] = [];

  constructor({ environment, viewerId, deviceId, reducers }: LiveSyncDeps) {
    this.connection = new SyncConnection({
      url: syncUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      apply: (_seq, delta) => {
        let refetch = false;
        environment.commitUpdate((store) => {
          refetch = reducers.applyDelta(store, delta, { viewerId }).refetch;
        });
        return refetch;
      },
      resync: () => {
        this.resync();
      },
      random: Math.random,
      deviceId,
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => {
        window.clearTimeout(handle as number);
      },
    });
    const online = () => {
      this.connection.retryNow();
    };
    const offline = () => {
      this.connection.dropOffline();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    this.stops.push(() => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    });
  }

  /** The login ended: closes the socket and lets go of the page's events. */
  dispose(): void {
    this.connection.stop();
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Refetches every registered screen once, however many deltas asked for it in a row. */
  resync(): void {
    if (this.resyncQueued) return;
    this.resyncQueued = true;
    window.setTimeout(() => {
      this.resyncQueued = false;
      for (const refetch of this.refetchers) refetch();
    }, 50);
  }

  addRefetcher(refetch: () => void): () => void {
    this.refetchers.add(refetch);
    return () => this.refetchers.delete(refetch);
  }
}

/** The login's live sync (session services); components inside a RelayRegion use it. */
export function useLiveSync(): LiveSync {
  return useRelayServices().liveSync;
}

/**
 * Starts the socket once the screen's data (with its `sync_seq`) is in the
 * store. It keeps running for the session: its last seq stays valid only
 * together with the store it was applied to.
 */
export function useStartSync(live: LiveSync, syncSeq: number): void {
  useEffect(() => {
    live.connection.start(syncSeq);
  }, [live, syncSeq]);
  // The server closed the socket because the session ended (deactivated, signed out by the
  // identity provider, logged out elsewhere): show the signed-out page now, not at the next request.
  const sessionLost = useSessionLostSignal();
  useEffect(() => {
    if (sessionLost === null) return undefined;
    return live.connection.subscribe(() => {
      if (live.connection.stopReason === 'unauthenticated') sessionLost();
    });
  }, [live, sessionLost]);
}

export interface ResyncFetchOptions {
  fetchKey?: number;
  fetchPolicy?: 'network-only';
}

/**
 * Options for a screen's `useLazyLoadQuery` that refetch it from the network
 * on every resync (resync_required, or a delta about data not held).
 */
export function useResyncFetchOptions(live: LiveSync): ResyncFetchOptions {
  const [fetchKey, setFetchKey] = useState(0);
  const refetch = useCallback(() => {
    startTransition(() => {
      setFetchKey((key) => key + 1);
    });
  }, []);
  useEffect(() => live.addRefetcher(refetch), [live, refetch]);
  return fetchKey === 0 ? {} : { fetchKey, fetchPolicy: 'network-only' };
}

export function useConnectionStatus(live: LiveSync): ConnectionStatus {
  return useSyncExternalStore(live.connection.subscribe, live.connection.getStatus);
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    readonly liveSync: LiveSync;
  }
}
