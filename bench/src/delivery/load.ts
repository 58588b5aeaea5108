/**
 * The load generator: a fleet of WebSocket clients that count message frames
 * and their latency, and senders at a fixed rate (open loop) or as fast as
 * the server answers (closed loop). Every message's text carries the time it
 * was due on this process's clock, so the latency includes any queueing
 * before the request left (no coordinated omission).
 */
import WebSocket from 'ws';
import { progressLine } from '../progress';

const LATENCY_MARK = /"text":"bench (\w+) (\d+(?:\.\d+)?)"/;
const MAX_IN_FLIGHT = 1000;

export const benchText = (tag: string, dueAt: number): string => `bench ${tag} ${dueAt.toFixed(3)}`;

export interface PhaseStats {
  deliveries: number;
  latencies: number[];
}

export interface SocketSpec {
  url: string;
  headers: Record<string, string>;
}

const SEND_RESULT = /^\{"type":"send_result","request_id":"([^"]+)"/;

export class Fleet {
  /** Socket i belongs to person i. */
  readonly sockets: WebSocket[] = [];
  /** Socket sends awaiting their `send_result`, by request id. */
  private readonly requests = new Map<string, (frame: string) => void>();
  private requestCount = 0;
  readonly phases = new Map<string, PhaseStats>();
  closedUnexpectedly = 0;
  private closing = false;

  statsOf(tag: string): PhaseStats {
    let stats = this.phases.get(tag);
    if (stats === undefined) {
      stats = { deliveries: 0, latencies: [] };
      this.phases.set(tag, stats);
    }
    return stats;
  }

  /** Opens `count` sockets, says hello to each and waits for its `ready`. */
  async open(
    label: string,
    count: number,
    spec: (i: number) => SocketSpec,
    concurrency = 100,
    timeoutMs = 300_000,
  ): Promise<number> {
    const started = performance.now();
    let next = 0;
    let done = 0;
    const openOne = (i: number): Promise<void> =>
      new Promise((resolve, reject) => {
        const { url, headers } = spec(i);
        const ws = new WebSocket(url, { headers, perMessageDeflate: false });
        const timer = setTimeout(() => {
          ws.terminate();
          reject(new Error(`socket ${i} got no ready within 30 s`));
        }, 30_000);
        ws.once('open', () => {
          ws.send(JSON.stringify({ type: 'hello', protocol: 1, last_seq: 0 }));
        });
        ws.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        ws.on('close', () => {
          if (!this.closing) this.closedUnexpectedly++;
        });
        let ready = false;
        ws.on('message', (data: Buffer) => {
          const text = data.toString('utf8');
          if (!ready) {
            if (text.includes('"type":"ready"')) {
              ready = true;
              clearTimeout(timer);
              resolve();
            }
            return;
          }
          const answer = SEND_RESULT.exec(text);
          if (answer !== null) {
            const resolveRequest = this.requests.get(answer[1]!);
            this.requests.delete(answer[1]!);
            resolveRequest?.(text);
            return;
          }
          const mark = LATENCY_MARK.exec(text);
          if (mark === null) return;
          const stats = this.statsOf(mark[1]!);
          stats.deliveries++;
          stats.latencies.push(performance.now() - Number(mark[2]));
        });
        this.sockets.push(ws);
      });
    const worker = async (): Promise<void> => {
      while (next < count) {
        if (performance.now() - started > timeoutMs)
          throw new Error(`opening ${count} sockets took over ${timeoutMs} ms`);
        await openOne(next++);
        done++;
        if (done % 100 === 0 || done === count) progressLine(`${label}: sockets`, done, count);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    if (process.stderr.isTTY) process.stderr.write('\n');
    return (performance.now() - started) / 1000;
  }

  /** send_message over person i's socket; resolves with the `send_result` frame's text. */
  sendOver(i: number, input: Record<string, unknown>, timeoutMs = 30_000): Promise<string> {
    const ws = this.sockets[i];
    if (ws === undefined) return Promise.reject(new Error(`no socket ${i}`));
    const requestId = `q${++this.requestCount}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.requests.delete(requestId);
        reject(new Error(`send ${requestId} had no result within ${timeoutMs} ms`));
      }, timeoutMs);
      this.requests.set(requestId, (text) => {
        clearTimeout(timer);
        resolve(text);
      });
      ws.send(JSON.stringify({ type: 'send', request_id: requestId, input }));
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) {
              resolve();
              return;
            }
            const timer = setTimeout(() => {
              ws.terminate();
              resolve();
            }, 5000);
            ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close();
          }),
      ),
    );
  }
}

export interface SendResult {
  accepted: number;
  failed: number;
  /** Sends that left later than due because MAX_IN_FLIGHT requests were pending. */
  late: number;
  seconds: number;
  /** Deliveries of this phase received while sending. */
  deliveriesInWindow: number;
  firstError: string | null;
}

/** Sends the n-th message; `fleet` holds every person's socket (for sends over the socket). */
export type SendFn = (n: number, text: string, fleet: Fleet) => Promise<void>;

interface Plan {
  label: string;
  tag: string;
  seconds: number;
  /** Messages per second (open loop), or undefined for a closed loop of `concurrency`. */
  rate: number | undefined;
  concurrency: number;
  fleet: Fleet;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSenders(plan: Plan, send: SendFn): Promise<SendResult> {
  const result: SendResult = {
    accepted: 0,
    failed: 0,
    late: 0,
    seconds: 0,
    deliveriesInWindow: 0,
    firstError: null,
  };
  const stats = plan.fleet.statsOf(plan.tag);
  let inFlight = 0;
  let n = 0;
  const start = performance.now();
  const end = start + plan.seconds * 1000;
  const fire = (dueAt: number): Promise<void> => {
    inFlight++;
    const text = benchText(plan.tag, dueAt);
    return send(n++, text, plan.fleet)
      .then(
        () => {
          result.accepted++;
        },
        (error: unknown) => {
          result.failed++;
          result.firstError ??= error instanceof Error ? error.message : String(error);
        },
      )
      .finally(() => {
        inFlight--;
      });
  };
  let lastProgress = start;
  const progress = (now: number): void => {
    if (now - lastProgress < 1000) return;
    lastProgress = now;
    const elapsed = Math.min(plan.seconds, Math.round((now - start) / 1000));
    progressLine(
      `${plan.label}: ${result.accepted} sent, ${stats.deliveries} delivered, s`,
      elapsed,
      plan.seconds,
    );
  };
  if (plan.rate !== undefined) {
    const rate = plan.rate;
    const total = Math.floor(rate * plan.seconds);
    let issued = 0;
    while (issued < total) {
      const now = performance.now();
      if (now > end + 30_000) break; // bounded even if the server stalls
      const due = Math.min(total, Math.floor(((now - start) / 1000) * rate) + 1);
      while (issued < due && inFlight < MAX_IN_FLIGHT) {
        const dueAt = start + (issued * 1000) / rate;
        if (now - dueAt > 100) result.late++;
        void fire(dueAt);
        issued++;
      }
      progress(now);
      await sleep(2);
    }
  } else {
    const worker = async (): Promise<void> => {
      while (performance.now() < end) {
        await fire(performance.now());
        progress(performance.now());
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
  }
  result.seconds = (performance.now() - start) / 1000;
  result.deliveriesInWindow = stats.deliveries;
  const drainUntil = performance.now() + 30_000;
  while (inFlight > 0 && performance.now() < drainUntil) await sleep(10);
  if (process.stderr.isTTY) process.stderr.write('\n');
  return result;
}

/** Waits (bounded) until `expected` deliveries of the phase arrived; returns how many did. */
export async function drain(
  fleet: Fleet,
  tag: string,
  expected: number,
  maxMs = 15_000,
): Promise<number> {
  const stats = fleet.statsOf(tag);
  const until = performance.now() + maxMs;
  let last = -1;
  let stableSince = performance.now();
  while (stats.deliveries < expected && performance.now() < until) {
    if (stats.deliveries !== last) {
      last = stats.deliveries;
      stableSince = performance.now();
    } else if (performance.now() - stableSince > 3000) break;
    await sleep(20);
  }
  return stats.deliveries;
}
