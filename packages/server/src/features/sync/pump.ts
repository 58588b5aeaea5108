import { setTimeout as sleep } from 'node:timers/promises';
import { SYNC_CLOSE } from '@messenger/core';
import type { Logger } from '../../logger';
import type { Db } from '../../storage/db';
import type { SyncConnection } from './connection';
import type { DeltaFrameBytes } from './frame-bytes';
import { readDeltaPlan, readLogState, readPayloads, type DeltaRef } from './delta-log';
import type { SyncOptions } from './options';

/** Everything one node holds for one user: their sockets and their newest deltas. */
export interface UserChannel {
  connections: Set<SyncConnection>;
  /** The newest seq this node knows the user's log has. */
  knownHead: number;
  /**
   * seq → ready-made `delta` frame of the newest deltas (shared by the user's
   * sockets); dropped once every socket of the user was sent it.
   */
  recent: Map<number, DeltaFrameBytes>;
  /** Called, then cleared, when a note arrives: pumps waiting for an out-of-order note. */
  arrivals: (() => void)[];
}

/**
 * Resolves when the next note of this channel arrives, or after `ms`. A
 * waiter that timed out stays in the list until the next note; calling it
 * again does nothing.
 */
function nextArrival(channel: UserChannel, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    channel.arrivals.push(done);
  });
}

/** Drops the recent deltas every socket of the user was sent (and the oldest beyond the bound). */
export function trimRecent(channel: UserChannel, recentPerUser: number): void {
  let lowest = Infinity;
  for (const conn of channel.connections) lowest = Math.min(lowest, conn.sentSeq);
  for (const seq of channel.recent.keys()) {
    if (seq > lowest && channel.recent.size <= recentPerUser) break;
    channel.recent.delete(seq);
  }
}

export const deltaFrame = (seq: number, payload: string): string =>
  `{"type":"delta","seq":${seq},"delta":${payload}}`;

export interface PumpDeps {
  db: Db;
  logger: Logger;
  options: SyncOptions;
  /** Closes the socket with a code and forgets it. */
  close(conn: SyncConnection, code: number, reason: string): void;
  /** The socket caught up for the first time (after `ready`). */
  ready(conn: SyncConnection): void;
  /** Counts delta frames written (messenger_deltas_pushed_total). */
  pushed?: (count: number) => void;
}

/**
 * Sends each socket its user's log from its `sentSeq` up to the head the node
 * knows: from the channel's recent deltas when it has them, else from the
 * database in pages. Every socket pumps on its own: one whose buffer is full
 * waits alone, so nobody else slows; one that stays full, passes the hard
 * bound, or falls too far behind while live is cut off (4008) and resumes
 * from its seq when the client reconnects.
 */
export class DeltaPump {
  constructor(private readonly deps: PumpDeps) {}

  pump(conn: SyncConnection, channel: UserChannel): void {
    if (conn.pumping) return;
    if (this.sendLiveFromMemory(conn, channel)) return;
    conn.pumping = true;
    this.drain(conn, channel)
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, userId: conn.userId }, 'sync pump failed');
        this.deps.close(conn, SYNC_CLOSE.internal, 'internal error');
      })
      .finally(() => {
        conn.pumping = false;
      });
  }

  /**
   * The common case without a promise: a live socket with room in its buffer
   * whose next deltas are in memory gets them now. True when it caught up;
   * anything else (a backed-up or lagging socket, a read) is the drain's.
   */
  private sendLiveFromMemory(conn: SyncConnection, channel: UserChannel): boolean {
    const { highWaterBytes, maxLagDeltas } = this.deps.options;
    if (conn.phase !== 'live') return false;
    while (conn.sentSeq < channel.knownHead) {
      if (!conn.isOpen() || conn.ws.bufferedAmount > highWaterBytes) return false;
      if (channel.knownHead - conn.sentSeq > maxLagDeltas) return false;
      const cached = channel.recent.get(conn.sentSeq + 1);
      if (cached === undefined) return false;
      conn.sendFrameBytes(cached);
      conn.sentSeq += 1;
      this.deps.pushed?.(1);
    }
    return true;
  }

  private async drain(conn: SyncConnection, channel: UserChannel): Promise<void> {
    // The log's deltas this socket still needs that memory lacks: the chain is walked once
    // per replay (delta-log.ts), then read in pages; walked again only when it runs out.
    let plan: DeltaRef[] = [];
    let next = 0;
    // The sentSeq at which this drain waits for a missing note, and until when (then it reads the log).
    let waitingAt = -1;
    let waitUntil = 0;
    while (conn.isOpen()) {
      if (conn.sentSeq >= channel.knownHead) {
        if (conn.phase === 'replaying') {
          conn.send({ type: 'ready', seq: conn.sentSeq });
          conn.phase = 'live';
          this.deps.ready(conn);
        }
        return;
      }
      if (!(await this.waitForRoom(conn, channel))) return;
      const cached = channel.recent.get(conn.sentSeq + 1);
      if (cached !== undefined) {
        conn.sendFrameBytes(cached);
        conn.sentSeq += 1;
        this.deps.pushed?.(1);
        continue;
      }
      if (this.awaitsOutOfOrderNote(conn, channel)) {
        if (waitingAt !== conn.sentSeq) {
          waitingAt = conn.sentSeq;
          waitUntil = Date.now() + this.deps.options.outOfOrderGraceMs;
        }
        const left = waitUntil - Date.now();
        if (left > 0) {
          await nextArrival(channel, left);
          continue;
        }
      }
      while (next < plan.length && (plan[next]?.seq ?? 0) <= conn.sentSeq) next += 1;
      if (plan[next]?.seq !== conn.sentSeq + 1) {
        const from = conn.sentSeq;
        plan = await this.deps.db.read((k) => readDeltaPlan(k, conn.userId, from));
        next = 0;
        if (!conn.isOpen()) return;
        if (plan[0]?.seq !== from + 1) {
          await this.missing(conn, channel);
          continue;
        }
        // The log may already hold deltas whose note has not arrived.
        channel.knownHead = Math.max(channel.knownHead, plan[plan.length - 1]?.seq ?? 0);
      }
      const page = plan.slice(next, next + this.deps.options.replayPageSize);
      const rows = await this.deps.db.read((k) =>
        readPayloads(
          k,
          page.map((ref) => ref.id),
        ),
      );
      if (!conn.isOpen()) return;
      const before = conn.sentSeq;
      for (const row of rows) {
        if (row.seq !== conn.sentSeq + 1) break;
        if (!(await this.waitForRoom(conn, channel))) return;
        conn.sendText(deltaFrame(row.seq, row.payload));
        conn.sentSeq = row.seq;
        this.deps.pushed?.(1);
      }
      if (conn.sentSeq === before) {
        // Pruned between the walk and the read: walk again after the window's check.
        plan = [];
        await this.missing(conn, channel);
      }
    }
  }

  /**
   * A live socket whose next delta is missing from memory while later ones
   * are there: with several nodes, notes of one user committed on two of them
   * can arrive out of order (a node hands its own notes over at once, the
   * others' come through Redis). The missing one is most likely on its way,
   * so the pump waits for it a moment before reading the log.
   */
  private awaitsOutOfOrderNote(conn: SyncConnection, channel: UserChannel): boolean {
    return (
      conn.phase === 'live' &&
      channel.knownHead > conn.sentSeq + 1 &&
      channel.recent.has(channel.knownHead) &&
      channel.recent.size < this.deps.options.recentPerUser
    );
  }

  /** The log lacks the next delta: pruned while the socket lagged (resync), or not yet visible. */
  private async missing(conn: SyncConnection, channel: UserChannel): Promise<void> {
    const log = await this.deps.db.read((k) => readLogState(k, conn.userId));
    if (conn.sentSeq < log.pruned) {
      conn.sentSeq = log.head;
      channel.knownHead = Math.max(channel.knownHead, log.head);
      conn.send({ type: 'resync_required', reason: 'gap', seq: log.head });
    } else if (conn.sentSeq >= log.head) {
      // A note claimed more than the log holds: the database is the truth.
      channel.knownHead = log.head;
    } else {
      await sleep(20);
    }
  }

  /**
   * True when the socket may be sent more; false when it was cut off or
   * closed meanwhile. Above the high-water mark it waits for the buffer to
   * drain; a buffer that does not shrink for `stallTimeoutMs`, or passes the
   * hard bound, or a live socket too far behind its user's head, is cut off.
   */
  private async waitForRoom(conn: SyncConnection, channel: UserChannel): Promise<boolean> {
    const { highWaterBytes, maxBufferedBytes, stallTimeoutMs, maxLagDeltas } = this.deps.options;
    const over = (): boolean =>
      conn.ws.bufferedAmount > maxBufferedBytes ||
      (conn.phase === 'live' && channel.knownHead - conn.sentSeq > maxLagDeltas);
    if (over()) return this.cut(conn);
    if (conn.ws.bufferedAmount <= highWaterBytes) return true;
    let lowest = conn.ws.bufferedAmount;
    let progressAt = Date.now();
    while (conn.isOpen()) {
      await sleep(10);
      const buffered = conn.ws.bufferedAmount;
      if (buffered <= highWaterBytes / 2) return conn.isOpen();
      const now = Date.now();
      if (buffered < lowest) {
        lowest = buffered;
        progressAt = now;
      }
      if (over() || now - progressAt > stallTimeoutMs) return this.cut(conn);
    }
    return false;
  }

  private cut(conn: SyncConnection): false {
    this.deps.logger.info(
      { userId: conn.userId, seq: conn.sentSeq },
      'sync: slow consumer cut off',
    );
    this.deps.close(conn, SYNC_CLOSE.slowConsumer, 'slow consumer');
    return false;
  }
}
