import type { Clock, PresenceStatus } from '@messenger/core';
import type { AppContext } from '../../context';

/**
 * Who is online. The sidebar preload reads it; the real-time socket feeds it
 * (heartbeats set ACTIVE or IDLE, a closed socket sets OFFLINE). Anyone never
 * reported, or not reported within the expiry, is OFFLINE.
 */
export interface PresenceStore {
  get(personId: string): PresenceStatus;
  getMany(personIds: readonly string[]): Map<string, PresenceStatus>;
  set(personId: string, status: PresenceStatus): void;
}

/** A report older than this is stale: a socket that died without saying so must not stay ACTIVE. */
export const PRESENCE_EXPIRY_MS = 2 * 60 * 1000;

interface Report {
  status: PresenceStatus;
  at: number;
}

/** The embedded default (one process); a Redis-backed store replaces it for several nodes. */
export class MemoryPresenceStore implements PresenceStore {
  private readonly reports = new Map<string, Report>();

  constructor(
    private readonly clock: Clock,
    private readonly expiryMs = PRESENCE_EXPIRY_MS,
  ) {}

  get(personId: string): PresenceStatus {
    const report = this.reports.get(personId);
    if (report === undefined) return 'OFFLINE';
    if (this.clock.now() - report.at > this.expiryMs) {
      this.reports.delete(personId);
      return 'OFFLINE';
    }
    return report.status;
  }

  getMany(personIds: readonly string[]): Map<string, PresenceStatus> {
    return new Map(personIds.map((id) => [id, this.get(id)]));
  }

  set(personId: string, status: PresenceStatus): void {
    if (status === 'OFFLINE') this.reports.delete(personId);
    else this.reports.set(personId, { status, at: this.clock.now() });
  }
}

const stores = new WeakMap<AppContext, PresenceStore>();

/**
 * The one presence store of an application context, created on first use, so
 * the GraphQL API and the real-time socket share it without a new context field.
 */
export function presenceStoreFor(ctx: AppContext): PresenceStore {
  let store = stores.get(ctx);
  if (store === undefined) {
    store = new MemoryPresenceStore(ctx.clock);
    stores.set(ctx, store);
  }
  return store;
}
