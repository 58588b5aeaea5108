import type { Clock, PresenceStatus } from '@messenger/core';
import type { PresenceStore } from '../../context';

// The interface lives in context.ts, which holds the runtime's store; the stores here implement it.
export type { PresenceStore } from '../../context';

/** A report older than this is stale: a socket that died without saying so must not stay ACTIVE. */
export const PRESENCE_EXPIRY_MS = 2 * 60 * 1000;

interface Report {
  status: PresenceStatus;
  at: number;
}

/**
 * The node's view of who is online, which the GraphQL API reads. With one node
 * the tracker (tracker.ts) writes it directly; with several, the cluster store
 * (cluster.ts) combines every node's reports over the sync bus and writes the
 * result here. One per runtime (runtime.ts).
 */
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
