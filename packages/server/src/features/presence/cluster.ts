import type { Clock, PresenceStatus } from '@messenger/core';
import type { Logger } from '../../logger';
import type { PresenceStore } from './store';
import type { BusMessage, PresenceReport, SyncBus } from '../sync/bus';

const RANK: Record<PresenceStatus, number> = { OFFLINE: 0, IDLE: 1, ACTIVE: 2 };

/** Reports per bus message: a node's periodic refresh of many users stays in modest messages. */
const REPORTS_PER_MESSAGE = 1000;

interface RemoteReport {
  status: PresenceStatus;
  /** Local receive time: nodes' clocks need not agree. */
  at: number;
}

export interface ClusterPresenceDeps {
  bus: SyncBus;
  /** The store the rest of the app reads (GraphQL buddy list): kept at the cluster's status. */
  view: PresenceStore;
  clock: Clock;
  logger: Logger;
  /**
   * A node's report lapses this long after it was last repeated. The tracker
   * repeats every report on each sweep, so a node that died without saying
   * so stops counting after a few sweeps.
   */
  reportTtlMs: number;
  /**
   * A user's status fell because another node's report lapsed (that node died
   * without saying so). No node originates that change, so each node tells
   * its own sockets; called once per lapse on every surviving node.
   */
  onLapsed?: (userId: string, status: PresenceStatus) => void;
}

/**
 * Presence across nodes (several processes on one bus): each node reports the
 * status its own sockets give a user, and a user's status is the liveliest of
 * all nodes' current reports, so a tab closing on one node does not show a
 * user OFFLINE who still has a socket on another. Reports travel the bus in
 * batches; every node keeps the others' in memory, so reads stay synchronous.
 */
export class ClusterPresenceStore implements PresenceStore {
  private readonly own = new Map<string, PresenceStatus>();
  private readonly remote = new Map<string, Map<string, RemoteReport>>();
  private pending = new Map<string, PresenceStatus>();
  private flushScheduled = false;
  private readonly expirer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: ClusterPresenceDeps) {
    this.unsubscribe = deps.bus.subscribe((message) => {
      this.onBus(message);
    });
    this.expirer = setInterval(
      () => {
        this.expire();
      },
      Math.max(250, Math.floor(deps.reportTtlMs / 3)),
    );
    this.expirer.unref();
  }

  get(personId: string): PresenceStatus {
    let best = this.own.get(personId) ?? 'OFFLINE';
    const nodes = this.remote.get(personId);
    if (nodes === undefined) return best;
    const now = this.deps.clock.now();
    for (const report of nodes.values()) {
      if (now - report.at <= this.deps.reportTtlMs && RANK[report.status] > RANK[best]) {
        best = report.status;
      }
    }
    return best;
  }

  getMany(personIds: readonly string[]): Map<string, PresenceStatus> {
    return new Map(personIds.map((id) => [id, this.get(id)]));
  }

  /** This node's report (from its own sockets); repeated reports refresh it for the others. */
  set(personId: string, status: PresenceStatus): void {
    if (status === 'OFFLINE') this.own.delete(personId);
    else this.own.set(personId, status);
    this.pending.set(personId, status);
    this.scheduleFlush();
    this.deps.view.set(personId, this.get(personId));
  }

  close(): void {
    clearInterval(this.expirer);
    this.unsubscribe();
  }

  private onBus(message: BusMessage): void {
    if (message.type !== 'presence' || message.nodeId === this.deps.bus.nodeId) return;
    const now = this.deps.clock.now();
    for (const { userId, status } of message.reports) {
      let nodes = this.remote.get(userId);
      if (status === 'OFFLINE') {
        nodes?.delete(message.nodeId);
        if (nodes?.size === 0) this.remote.delete(userId);
      } else {
        if (nodes === undefined) {
          nodes = new Map();
          this.remote.set(userId, nodes);
        }
        nodes.set(message.nodeId, { status, at: now });
      }
      this.deps.view.set(userId, this.get(userId));
    }
  }

  private expire(): void {
    const now = this.deps.clock.now();
    for (const [userId, nodes] of this.remote) {
      let lapsed = false;
      for (const [nodeId, report] of nodes) {
        if (now - report.at > this.deps.reportTtlMs) {
          nodes.delete(nodeId);
          lapsed = true;
        }
      }
      if (nodes.size === 0) this.remote.delete(userId);
      if (!lapsed) continue;
      const before = this.deps.view.get(userId);
      const after = this.get(userId);
      this.deps.view.set(userId, after);
      if (after !== before) this.deps.onLapsed?.(userId, after);
    }
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // One message for all reports of this turn (a sweep reports every user at once).
    setImmediate(() => {
      this.flush();
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const reports: PresenceReport[] = [...this.pending].map(([userId, status]) => ({
      userId,
      status,
    }));
    this.pending = new Map();
    for (let i = 0; i < reports.length; i += REPORTS_PER_MESSAGE) {
      this.deps.bus
        .publish({
          type: 'presence',
          nodeId: this.deps.bus.nodeId,
          reports: reports.slice(i, i + REPORTS_PER_MESSAGE),
        })
        .catch((error: unknown) => {
          this.deps.logger.warn({ err: error }, 'presence report failed');
        });
    }
  }
}
