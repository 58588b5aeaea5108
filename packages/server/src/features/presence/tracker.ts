import type { Clock, PresenceStatus, ServerFrame } from '@messenger/core';
import type { Logger } from '../../logger';
import type { Db } from '../../storage/db';
import type { PresenceStore } from './store';
import type { SyncBus } from '../sync/bus';
import type { SyncConnection } from '../sync/connection';
import type { SyncOptions } from '../sync/options';
import { presenceAudience } from './audience';

export interface PresenceDeps {
  db: Db;
  bus: SyncBus;
  store: PresenceStore;
  clock: Clock;
  logger: Logger;
  options: SyncOptions;
  /** The user's caught-up or replaying sockets on this node. */
  connectionsOf(userId: string): ReadonlySet<SyncConnection>;
  /** Hands an ephemeral frame to these users' sockets on this node only. */
  deliverLocally(userIds: readonly string[], frame: string): void;
  /** Counts each change reported (messenger_presence_reports_total). */
  reported?: (status: PresenceStatus) => void;
}

/**
 * ACTIVE / IDLE / OFFLINE from socket activity (DESIGN.md section 2): a
 * socket with recent activity that does not say it is idle makes its user
 * ACTIVE; connected but quiet for `presenceIdleMs` (or all sockets say idle)
 * is IDLE; no socket for `presenceOfflineGraceMs` is OFFLINE. Changes go to
 * the presence store (the buddy list reads it) and, as ephemeral `presence`
 * frames, to the friends' sockets on every node; nothing is stored in a log.
 *
 * Statuses here are this node's view; with several nodes the store is the
 * cluster store (cluster.ts), which combines every node's reports.
 */
export class PresenceTracker {
  /** Users this node reports: status last pushed. */
  private readonly statuses = new Map<string, PresenceStatus>();
  /** Users whose last socket here closed, and when. */
  private readonly goneAt = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: PresenceDeps) {
    this.sweeper = setInterval(() => {
      this.sweep();
    }, deps.options.presenceSweepMs);
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  connected(conn: SyncConnection): void {
    this.goneAt.delete(conn.userId);
    this.evaluate(conn.userId);
  }

  activity(conn: SyncConnection): void {
    this.evaluate(conn.userId);
  }

  disconnected(conn: SyncConnection): void {
    if (this.deps.connectionsOf(conn.userId).size > 0) {
      this.evaluate(conn.userId);
      return;
    }
    if (conn.sessionEnded) {
      // Logged out: no reload is coming back, so no grace.
      this.goneAt.delete(conn.userId);
      this.change(conn.userId, 'OFFLINE');
      return;
    }
    this.goneAt.set(conn.userId, this.deps.clock.now());
    // OFFLINE as soon as the grace ends, not at the next sweep (up to a sweep later).
    setTimeout(() => {
      this.expireIfGone(conn.userId);
    }, this.deps.options.presenceOfflineGraceMs).unref();
  }

  private expireIfGone(userId: string): void {
    const since = this.goneAt.get(userId);
    if (since === undefined) return;
    if (this.deps.clock.now() - since < this.deps.options.presenceOfflineGraceMs) return;
    this.goneAt.delete(userId);
    this.change(userId, 'OFFLINE');
  }

  /** After `ready`: the statuses of the people whose presence this user sees. */
  ready(conn: SyncConnection): void {
    void this.audienceOf(conn.userId)
      .then((ids) => {
        for (const [userId, status] of this.deps.store.getMany(ids)) {
          if (status !== 'OFFLINE') conn.send({ type: 'presence', user_id: userId, status });
        }
      })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'presence snapshot failed');
      });
  }

  /** Idle and offline transitions; also keeps the store's reports fresh. */
  sweep(): void {
    const now = this.deps.clock.now();
    for (const [userId, since] of this.goneAt) {
      if (now - since >= this.deps.options.presenceOfflineGraceMs) {
        this.goneAt.delete(userId);
        this.change(userId, 'OFFLINE');
      }
    }
    for (const userId of this.statuses.keys()) {
      if (!this.goneAt.has(userId)) this.evaluate(userId);
      const status = this.statuses.get(userId);
      if (status !== undefined) this.deps.store.set(userId, status);
    }
  }

  private evaluate(userId: string): void {
    const connections = this.deps.connectionsOf(userId);
    if (connections.size === 0) return;
    const now = this.deps.clock.now();
    let active = false;
    for (const conn of connections) {
      if (
        conn.attention === 'active' &&
        now - conn.lastActivityAt < this.deps.options.presenceIdleMs
      ) {
        active = true;
        break;
      }
    }
    this.change(userId, active ? 'ACTIVE' : 'IDLE');
  }

  private change(userId: string, status: PresenceStatus): void {
    const previous = this.statuses.get(userId) ?? 'OFFLINE';
    // Every frame a socket sends counts as activity; most leave the status as
    // it was. Reporting those again would publish a cluster report per frame
    // (cluster.ts); the sweep repeats each report in time instead.
    if (previous === status) return;
    if (status === 'OFFLINE') this.statuses.delete(userId);
    else this.statuses.set(userId, status);
    this.deps.store.set(userId, status);
    // With several nodes the store gives the cluster's status: a socket elsewhere may keep the user on.
    const shown = this.deps.store.get(userId);
    if (shown === previous) return;
    this.deps.reported?.(shown);
    const frame: ServerFrame = { type: 'presence', user_id: userId, status: shown };
    void this.audienceOf(userId)
      .then((ids) =>
        ids.length === 0
          ? undefined
          : this.deps.bus.publish({
              type: 'ephemeral',
              userIds: ids,
              frame: JSON.stringify(frame),
            }),
      )
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'presence push failed');
      });
  }

  /**
   * Tells this node's sockets of the user's audience a status no node pushed:
   * another node's reports lapsed (cluster.ts). Every surviving node
   * does this for its own sockets, so each socket hears it once.
   */
  announceLocally(userId: string, status: PresenceStatus): void {
    const frame: ServerFrame = { type: 'presence', user_id: userId, status };
    void this.audienceOf(userId)
      .then((ids) => {
        this.deps.deliverLocally(ids, JSON.stringify(frame));
      })
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'presence announcement failed');
      });
  }

  /** Read at each change (changes are rare): a new block or friendship counts at once. */
  private audienceOf(userId: string): Promise<string[]> {
    return this.deps.db.read((k) => presenceAudience(k, userId));
  }
}
