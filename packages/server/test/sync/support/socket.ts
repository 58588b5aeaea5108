import { parseServerFrame, type Delta, type ServerFrame } from '@messenger/core';
import WebSocket from 'ws';

export interface Closed {
  code: number;
  reason: string;
}

type DeltaFrame = Extract<ServerFrame, { type: 'delta' }>;

/**
 * A real WebSocket client of /sync (the `ws` package) that records every
 * frame, validated against the core protocol schemas.
 */
export class SyncClient {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<Closed>;
  private readonly listeners = new Set<() => void>();
  private closedWith: Closed | null = null;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closedWith = { code, reason: reason.toString() };
        resolve(this.closedWith);
        this.notify();
      });
    });
    ws.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
      const parsed = parseServerFrame(text);
      if (!parsed.ok) throw new Error(`server sent an invalid frame: ${parsed.message}: ${text}`);
      this.frames.push(parsed.frame);
      this.notify();
    });
  }

  static connect(url: string, headers: Record<string, string> = {}): Promise<SyncClient> {
    const ws = new WebSocket(url, { headers });
    const client = new SyncClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        resolve(client);
      });
      ws.once('error', reject);
    });
  }

  get isClosed(): Closed | null {
    return this.closedWith;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Says hello and waits for `ready`; returns the deltas replayed before it and the ready seq. */
  async hello(
    lastSeq: number,
  ): Promise<{ deltas: DeltaFrame[]; seq: number; resync: ServerFrame | null }> {
    const from = this.frames.length;
    this.send({ type: 'hello', protocol: 1, last_seq: lastSeq });
    const ready = await this.waitFor((f) => f.type === 'ready', from);
    const index = this.frames.indexOf(ready);
    const between = this.frames.slice(from, index);
    return {
      deltas: between.filter((f): f is DeltaFrame => f.type === 'delta'),
      seq: ready.type === 'ready' ? ready.seq : -1,
      resync: between.find((f) => f.type === 'resync_required') ?? null,
    };
  }

  deltaFrames(): DeltaFrame[] {
    return this.frames.filter((f): f is DeltaFrame => f.type === 'delta');
  }

  deltas(): Delta[];
  deltas<K extends Delta['kind']>(kind: K): Extract<Delta, { kind: K }>[];
  deltas(kind?: Delta['kind']): Delta[] {
    return this.deltaFrames()
      .map((f) => f.delta)
      .filter((d) => kind === undefined || d.kind === kind);
  }

  lastSeq(): number {
    return this.deltaFrames().reduce((max, f) => Math.max(max, f.seq), 0);
  }

  /** The first frame at or after `from` that matches, waiting for it to arrive. */
  waitFor(
    match: (frame: ServerFrame) => boolean,
    from = 0,
    timeoutMs = 5000,
  ): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = this.frames.slice(from).find(match);
        if (found === undefined) return false;
        this.listeners.delete(listener);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const listener = (): void => {
        if (check()) return;
        if (this.closedWith !== null) {
          this.listeners.delete(listener);
          clearTimeout(timer);
          reject(new Error(`socket closed (${this.closedWith.code}) before the frame came`));
        }
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(
          new Error(
            `no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(from))}`,
          ),
        );
      }, timeoutMs);
      this.listeners.add(listener);
      listener();
    });
  }

  /** Waits until the client has seen delta `seq`. */
  waitForSeq(seq: number, timeoutMs = 5000): Promise<ServerFrame> {
    return this.waitFor((f) => f.type === 'delta' && f.seq >= seq, 0, timeoutMs);
  }

  async close(): Promise<void> {
    if (this.closedWith === null) {
      this.ws.close();
      await this.closed;
    }
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Resolves after `ms`; for checking that something does NOT arrive. */
export const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until `done` holds for its value (or fails after `timeoutMs`). */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await pause(20);
  }
}
