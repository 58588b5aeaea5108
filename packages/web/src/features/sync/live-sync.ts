import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Environment } from 'relay-runtime';
import { useRelayServices } from '../../session/session-services';
import { useSessionLostSignal } from '../../session/SessionProvider';
import { newDeviceId } from '../calls/device-id';
import { watchAttention } from '../presence/attention';
import type { PresenceStore } from '../presence/presence-store';
import type { DeltaReducers } from './delta-reducers';
import { SyncConnection, syncUrl, type ConnectionStatus } from './sync-connection';

export interface LiveSyncDeps {
  environment: Environment;
  viewerId: string;
  /** The login's presence store: it hears every presence frame here. */
  presence: PresenceStore;
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
  /** The socket was live before: a new `live` is a reconnect. */
  private everLive = false;
  /** What dispose() undoes: window listeners, the attention watch. */
  private readonly stops: (() => void)[] = [];

  constructor({ environment, viewerId, presence, reducers }: LiveSyncDeps) {
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
      // One id per tab (per signed-in store): a call's media runs on exactly one device.
      deviceId: newDeviceId(),
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => {
        window.clearTimeout(handle as number);
      },
    });
    this.watchPresence(presence);
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

  /**
   * The session's presence store hears every presence frame here, whichever
   * screens are mounted; after a reconnect its statuses are renewed. The
   * person's own attention goes the other way, as `presence` frames.
   */
  private watchPresence(presence: PresenceStore): void {
    this.connection.onEphemeral((frame) => {
      if (frame.type === 'presence') presence.heardFrame(frame.user_id, frame.status);
    });
    const attention = watchAttention(
      {
        isVisible: () => document.visibilityState === 'visible',
        now: () => Date.now(),
        on: (type, listener) => {
          const target = type === 'visibilitychange' ? document : window;
          target.addEventListener(type, listener, { passive: true });
        },
        off: (type, listener) => {
          const target = type === 'visibilitychange' ? document : window;
          target.removeEventListener(type, listener);
        },
      },
      (state) => this.connection.sendEphemeral({ type: 'presence', state }),
    );
    this.stops.push(attention.stop);
    let wasLive = false;
    this.connection.subscribe(() => {
      const live = this.connection.getStatus() === 'live';
      if (live && wasLive) return;
      if (live) {
        if (this.everLive) presence.reconnected();
        this.everLive = true;
        attention.resend();
      }
      wasLive = live;
    });
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
