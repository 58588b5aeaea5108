import type { PresenceStatus } from '@messenger/core';
import { useSyncExternalStore } from 'react';
import { useOptionalRelayServices } from '../../session/session-services';

/**
 * Who is ACTIVE, IDLE or OFFLINE, as one signed-in session sees it: one store
 * per login (session services), fed by the sync socket's presence
 * frames (live-sync.ts) and seeded by the sidebar preload's buddies. Every
 * surface that shows presence (sidebar, chat tabs, thread header, typeahead
 * rows) reads it here, so a frame changes them all at once.
 */
export class PresenceStore {
  /** Statuses from socket frames: newer than any preload. */
  private readonly heard = new Map<string, PresenceStatus>();
  /** Statuses read with the data (the sidebar preload), until a frame says otherwise. */
  private readonly seeded = new Map<string, PresenceStatus>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  statusOf(personId: string): PresenceStatus {
    return this.heard.get(personId) ?? this.seeded.get(personId) ?? 'OFFLINE';
  }

  /** Changes with every status change: a memo key for lists that render rows from it. */
  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Statuses read with fetched data; a status already heard from the socket wins. */
  seed(statuses: Iterable<readonly [string, PresenceStatus]>): void {
    let changed = false;
    for (const [personId, status] of statuses) {
      if (this.seeded.get(personId) === status) continue;
      const before = this.statusOf(personId);
      this.seeded.set(personId, status);
      if (this.statusOf(personId) !== before) changed = true;
    }
    if (changed) this.notify();
  }

  /** A presence frame from the socket. */
  heardFrame(personId: string, status: PresenceStatus): void {
    const before = this.statusOf(personId);
    this.heard.set(personId, status);
    if (this.statusOf(personId) !== before) this.notify();
  }

  /**
   * The socket is live again after a gap: what was heard may be stale (a
   * friend may have gone offline meanwhile, and only non-OFFLINE statuses are
   * sent on ready). Everyone counts as OFFLINE until the server's snapshot,
   * which follows at once, says otherwise.
   */
  reconnected(): void {
    if (this.heard.size === 0 && this.seeded.size === 0) return;
    const ids = new Set([...this.heard.keys(), ...this.seeded.keys()]);
    this.seeded.clear();
    for (const id of ids) this.heard.set(id, 'OFFLINE');
    this.notify();
  }

  private notify(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

/** Outside a signed-in region (no Relay environment) nobody is known: everyone is OFFLINE. */
const nobody = new PresenceStore();

/** The login's presence store (session services), or `nobody` outside a RelayRegion. */
export function usePresenceStore(): PresenceStore {
  return useOptionalRelayServices()?.presence ?? nobody;
}

/** One person's status, re-rendering when it changes. */
export function usePresence(personId: string | null | undefined): PresenceStatus {
  const store = usePresenceStore();
  return useSyncExternalStore(store.subscribe, () =>
    personId == null ? 'OFFLINE' : store.statusOf(personId),
  );
}

/** The store's version: pass it as a collection's `dependencies` so its rows re-render. */
export function usePresenceVersion(): number {
  const store = usePresenceStore();
  return useSyncExternalStore(store.subscribe, store.getVersion);
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    readonly presence: PresenceStore;
  }
}
