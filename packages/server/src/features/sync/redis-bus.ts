import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import { LocalHandlers, type BusHandler, type BusMessage, type SyncBus } from './bus';
import { decodeBusMessage, encodeBusMessage } from './bus-codec';

/**
 * Redis pub/sub (REDIS_URL): one channel for the whole cluster; every node
 * hears every note and keeps those of the users it holds sockets for. The
 * publishing node hands its own message to local handlers at once and skips
 * the echo from Redis, so a one-node push never waits for the network. The
 * text on the channel is bus-codec.ts's.
 */
export class RedisBus implements SyncBus {
  private readonly handlers = new LocalHandlers();
  private closed = false;
  /** How this node's own messages start: their echo is dropped before it is decoded. */
  private readonly ownPrefix: Buffer;
  private lagObserver: ((seconds: number) => void) | null = null;
  readonly destination: { system: string; name: string };

  private constructor(
    readonly nodeId: string,
    private readonly channel: string,
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly logger: Logger,
  ) {
    // Every message of this node starts `<nodeId>@<published at>`.
    this.ownPrefix = Buffer.from(`${nodeId}@`, 'utf8');
    this.destination = { system: 'redis', name: channel };
    sub.on('messageBuffer', (_channel: Buffer, payload: Buffer) => {
      if (this.isOwn(payload)) return;
      this.receive(payload.toString('utf8'));
    });
  }

  static async connect(url: string, logger: Logger, channel = 'messenger:sync'): Promise<RedisBus> {
    const options = {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      enableAutoPipelining: true,
      // Back off to at most 2 s between attempts while Redis is away, forever: never give up.
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
    };
    const pub = new Redis(url, options);
    const sub = new Redis(url, { ...options, enableAutoPipelining: false });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => {
        logger.warn({ err: error }, 'redis bus connection error');
      });
    }
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(channel);
    } catch (error) {
      pub.disconnect();
      sub.disconnect();
      throw error;
    }
    const nodeId = `${process.pid.toString(36)}-${randomBytes(4).toString('hex')}`;
    return new RedisBus(nodeId, channel, pub, sub, logger);
  }

  async publish(message: BusMessage): Promise<void> {
    if (this.closed) return;
    this.handlers.dispatch(message, (error) => {
      this.logger.error({ err: error }, 'sync bus handler failed');
    });
    await this.pub.publish(this.channel, encodeBusMessage(this.nodeId, message, Date.now()));
  }

  subscribe(handler: BusHandler): () => void {
    return this.handlers.add(handler);
  }

  /**
   * Both connections up (after a reconnect ioredis resubscribes the channel by itself)
   * and Redis answering a PING in time.
   */
  async checkReady(timeoutMs: number): Promise<void> {
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready') {
      throw new Error(`redis is ${this.pub.status}/${this.sub.status}`);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error('redis did not answer PING in time'));
      }, timeoutMs);
    });
    try {
      await Promise.race([this.pub.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  observeLag(observer: (seconds: number) => void): void {
    this.lagObserver = observer;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  private isOwn(payload: Buffer): boolean {
    const length = this.ownPrefix.length;
    return payload.length >= length && payload.compare(this.ownPrefix, 0, length, 0, length) === 0;
  }

  private receive(text: string): void {
    if (this.closed) return;
    const decoded = decodeBusMessage(text, this.nodeId);
    if (decoded === null) return;
    if (!decoded.ok) {
      this.logger.warn({ reason: decoded.reason }, 'sync bus: dropped a malformed message');
      return;
    }
    // Wall clocks of two nodes: NTP keeps them within a millisecond or so; never below zero.
    if (decoded.sentAt !== undefined && this.lagObserver !== null) {
      this.lagObserver(Math.max(0, Date.now() - decoded.sentAt) / 1000);
    }
    this.handlers.dispatch(decoded.message, (error) => {
      this.logger.error({ err: error }, 'sync bus handler failed');
    });
  }
}
