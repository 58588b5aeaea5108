import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useRelayEnvironment } from 'react-relay/hooks';
import type { Environment } from 'relay-runtime';
import { useSessionLostSignal } from '../../session/SessionProvider';
import { newDeviceId } from '../calls/device-id';
import { watchAttention } from '../presence/attention';
import { presenceStoreFor } from '../presence/presence-store';
import { applyDelta } from './apply-delta';
import { SyncConnection, syncUrl, type ConnectionStatus } from './sync-connection';

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

  constructor(environment: Environment, viewerId: string) {
    this.connection = new SyncConnection({
      url: syncUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      apply: (_seq, delta) => {
        let refetch = false;
        environment.commitUpdate((store) => {
          refetch = applyDelta(store, delta, { viewerId }).refetch;
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
    this.watchPresence(environment);
    window.addEventListener('online', () => {
      this.connection.retryNow();
    });
    window.addEventListener('offline', () => {
      this.connection.dropOffline();
    });
  }

  /**
   * The session's presence store hears every presence frame here, whichever
   * screens are mounted; after a reconnect its statuses are renewed. The
   * person's own attention goes the other way, as `presence` frames.
   */
  private watchPresence(environment: Environment): void {
    const presence = presenceStoreFor(environment);
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

const lives = new WeakMap<Environment, LiveSync>();

export function liveSyncFor(environment: Environment, viewerId: string): LiveSync {
  let live = lives.get(environment);
  if (live === undefined) {
    live = new LiveSync(environment, viewerId);
    lives.set(environment, live);
  }
  return live;
}

/** The session's live sync; components inside a RelayRegion use it. */
export function useLiveSync(viewerId: string): LiveSync {
  return liveSyncFor(useRelayEnvironment(), viewerId);
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
