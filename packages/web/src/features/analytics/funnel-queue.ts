import { FUNNEL, type FunnelLogBatch, type FunnelRecord } from '@messenger/core';

/** How a batch reaches the server. */
export interface FunnelTransport {
  /** Resolves once stored (or already stored); rejects with `permanent` when a retry cannot help. */
  send(batch: FunnelLogBatch): Promise<void>;
  /** Hands the batch to the browser to deliver after the page is gone; false when it refused. */
  beacon(batch: FunnelLogBatch): boolean;
}

/** A send failure that no retry will fix (the server refused the batch itself). */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => {
    globalThis.clearInterval(handle as ReturnType<typeof setInterval>);
  },
};

/**
 * Our choices (the seed gives only the 1800 s reliability flush): records wait
 * a little so that one request carries several; a failed batch is retried with
 * a doubling delay up to a minute, and the reliability flush tries again
 * whatever is still held.
 */
export const FUNNEL_QUEUE = {
  batchDelayMs: 2_000,
  /**
   * A beacon body is capped by the browser (64 KiB), and a batch keeps its id
   * whichever way it leaves, so every batch is cut small enough for a beacon.
   */
  maxBatchRecords: 20,
  retryBaseMs: 2_000,
  retryMaxMs: 60_000,
  reliabilityFlushMs: FUNNEL.reliabilityFlushIntervalSec * 1000,
} as const;

export interface FunnelQueueOptions {
  transport: FunnelTransport;
  /** A fresh batch id: it goes with the batch on every retry, so the server stores it once. */
  newBatchId: () => string;
  timers?: Timers;
}

/**
 * Holds logged funnel records until the server has them. A batch keeps its id
 * from the first attempt to the last (fetch retries and the page-hide beacon
 * alike), so a batch that reached the server on an attempt whose answer was
 * lost is not stored twice.
 */
export class FunnelQueue {
  private pending: FunnelRecord[] = [];
  /** Batches made and not yet acknowledged, oldest first; the first may be in flight. */
  private batches: FunnelLogBatch[] = [];
  private sending = false;
  private failures = 0;
  private flushTimer: unknown = null;
  private readonly interval: unknown;
  private readonly timers: Timers;

  constructor(private readonly options: FunnelQueueOptions) {
    this.timers = options.timers ?? browserTimers;
    this.interval = this.timers.setInterval(() => {
      void this.flush();
    }, FUNNEL_QUEUE.reliabilityFlushMs);
  }

  /** Records not yet acknowledged by the server. */
  get size(): number {
    return this.pending.length + this.batches.reduce((n, b) => n + b.records.length, 0);
  }

  enqueue(record: FunnelRecord): void {
    this.pending.push(record);
    this.schedule(FUNNEL_QUEUE.batchDelayMs);
  }

  private schedule(delayMs: number): void {
    if (this.flushTimer !== null) return;
    this.flushTimer = this.timers.setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, delayMs);
  }

  private cut(max: number): void {
    while (this.pending.length > 0) {
      const records = this.pending.splice(0, max);
      this.batches.push({ batch_id: this.options.newBatchId(), records });
    }
  }

  /** Sends held batches one at a time; a failure stops the round and schedules a retry. */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.cut(FUNNEL_QUEUE.maxBatchRecords);
    this.sending = true;
    try {
      for (let batch = this.batches[0]; batch !== undefined; batch = this.batches[0]) {
        try {
          await this.options.transport.send(batch);
        } catch (error) {
          if (!(error instanceof PermanentSendError)) {
            this.failures += 1;
            const delay = Math.min(
              FUNNEL_QUEUE.retryMaxMs,
              FUNNEL_QUEUE.retryBaseMs * 2 ** (this.failures - 1),
            );
            this.schedule(delay);
            return;
          }
          // Refused as malformed: holding it would block every later batch.
        }
        this.failures = 0;
        if (this.batches[0] === batch) this.batches.shift();
      }
    } finally {
      this.sending = false;
    }
  }

  /**
   * The page is going away: everything held leaves by beacon, in flight or
   * not (a batch that also arrives by fetch has the same id and is stored
   * once). What the browser refuses stays held for a later flush.
   */
  flushByBeacon(): void {
    this.cut(FUNNEL_QUEUE.maxBatchRecords);
    this.batches = this.batches.filter((batch) => !this.options.transport.beacon(batch));
  }

  dispose(): void {
    this.timers.clearInterval(this.interval);
    if (this.flushTimer !== null) this.timers.clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }
}
