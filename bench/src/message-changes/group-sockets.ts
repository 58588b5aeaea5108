/**
 * One open, settled /sync socket per member of the group, and the wait for one
 * change to reach all of them but its author. Only one change is awaited at a
 * time (the rounds are sequential), so a frame is tested against that one
 * change with plain substring checks: parsing 249 JSON frames per change would
 * make the load generator's own work part of "the last socket received it".
 */
import WebSocket from 'ws';
import { progressLine } from '../progress';

export interface SocketSpec {
  url: string;
  headers: Record<string, string>;
}

/** The change awaited: which frames carry it, who made it (their socket is not counted). */
export interface Expectation {
  /** Substrings every frame carrying this change's delta contains. */
  marks: readonly string[];
  author: number;
}

export interface Arrival {
  /** performance.now() when the last of the other sockets received the delta. */
  lastAt: number;
  /** Sockets that received it (all others, unless the wait timed out). */
  received: number;
}

interface Pending {
  marks: readonly string[];
  seen: Uint8Array;
  remaining: number;
  lastAt: number;
  resolve: (arrival: Arrival) => void;
}

const SEND_RESULT = /^\{"type":"send_result","request_id":"([^"]+)"/;

export class GroupSockets {
  readonly sockets: WebSocket[] = [];
  private pending: Pending | null = null;
  private readonly requests = new Map<string, (frame: string) => void>();
  private requestCount = 0;
  closedUnexpectedly = 0;
  private closing = false;

  /** Opens a socket per member, says hello and waits for each one's `ready`. */
  async open(count: number, spec: (i: number) => SocketSpec, concurrency = 50): Promise<void> {
    let next = 0;
    let done = 0;
    progressLine('sockets', 0, count);
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
          this.onFrame(i, text);
        });
        this.sockets[i] = ws;
      });
    const worker = async (): Promise<void> => {
      while (next < count) {
        await openOne(next++);
        done++;
        if (done % 25 === 0 || done === count) progressLine('sockets', done, count);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    if (process.stderr.isTTY) process.stderr.write('\n');
  }

  private onFrame(i: number, text: string): void {
    const answer = SEND_RESULT.exec(text);
    if (answer !== null) {
      const resolveRequest = this.requests.get(answer[1]!);
      this.requests.delete(answer[1]!);
      resolveRequest?.(text);
      return;
    }
    const pending = this.pending;
    if (pending === null || pending.seen[i] === 1 || !text.startsWith('{"type":"delta"')) return;
    for (const mark of pending.marks) if (!text.includes(mark)) return;
    pending.seen[i] = 1;
    pending.lastAt = performance.now();
    pending.remaining--;
    if (pending.remaining === 0) {
      this.pending = null;
      pending.resolve({ lastAt: pending.lastAt, received: this.sockets.length - 1 });
    }
  }

  /**
   * Starts waiting for a change before its request leaves (a delta may come
   * before the request's own answer); resolves when every socket but the
   * author's has it, or after `timeoutMs` with how many did.
   */
  expect(expectation: Expectation, timeoutMs = 30_000): Promise<Arrival> {
    if (this.pending !== null) throw new Error('one change at a time');
    const seen = new Uint8Array(this.sockets.length);
    seen[expectation.author] = 1;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const pending = this.pending;
        this.pending = null;
        if (pending === null) return;
        resolve({
          lastAt: pending.lastAt,
          received: this.sockets.length - 1 - pending.remaining,
        });
      }, timeoutMs);
      // A request that failed leaves its wait behind; it must not hold the process open.
      timer.unref();
      this.pending = {
        marks: expectation.marks,
        seen,
        remaining: this.sockets.length - 1,
        lastAt: Number.NaN,
        resolve: (arrival) => {
          clearTimeout(timer);
          resolve(arrival);
        },
      };
    });
  }

  /** A `send` frame over member i's socket, as the web client sends; resolves with `send_result`. */
  sendOver(i: number, input: Record<string, unknown>, timeoutMs = 30_000): Promise<string> {
    const ws = this.sockets[i];
    if (ws === undefined) return Promise.reject(new Error(`no socket ${i}`));
    const requestId = `mc${++this.requestCount}`;
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
