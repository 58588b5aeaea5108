import { trace, type Context, type Span } from '@opentelemetry/api';
import {
  contextFromTraceparent,
  preciseNow,
  SpanKind,
  type Tracing,
} from '../observability/tracing';
import type { BusMessage, SyncBus } from './bus';
import type { DeltaPump, UserChannel } from './pump';

/**
 * One node's part of a traced send (tracing on, and the bus message carried
 * a `traceparent`): a `process` span for the bus message, child of the
 * sender's publish span (on this node or another), and under it a `sync
 * write` span per socket given deltas in this turn. Those writes leave in one
 * syscall per socket when the turn's cork is released (turn-corker.ts, on
 * `process.nextTick`), so the spans end on a later tick, after that release.
 * A socket that could not take the deltas now (replaying, or its buffer
 * full) is left to its pump and only counted (`messenger.sockets.deferred`).
 *
 * Made per traced bus message only while tracing; with tracing off `of`
 * answers null after one check and the hub pumps as it always did.
 */
export class DeliveryTrace {
  private readonly writes: Span[] = [];
  private deferred = 0;
  /** The `process` span and its context, made when the first of this node's users is pumped. */
  private span: Span | null = null;
  private context: Context | null = null;
  private readonly receivedAt = preciseNow();

  private constructor(
    private readonly tracing: Tracing,
    private readonly parent: Context,
    private readonly message: Extract<BusMessage, { type: 'deltas' }>,
    private readonly bus: SyncBus,
  ) {}

  /** Null unless tracing is on and the message carries a valid `traceparent` (one check when off). */
  static of(
    tracing: Tracing | undefined,
    message: Extract<BusMessage, { type: 'deltas' }>,
    bus: SyncBus,
  ): DeliveryTrace | null {
    if (tracing === undefined || message.trace === undefined) return null;
    const parent = contextFromTraceparent(message.trace);
    return parent === undefined ? null : new DeliveryTrace(tracing, parent, message, bus);
  }

  /**
   * Every node hears every note (Redis): only a node that holds sockets of
   * the message's users adds a `process` span to the trace.
   */
  private processContext(): Context {
    if (this.context !== null) return this.context;
    const { destination, nodeId } = this.bus;
    const span = this.tracing.tracer.startSpan(
      `process ${destination.name}`,
      {
        kind: SpanKind.CONSUMER,
        startTime: this.receivedAt,
        attributes: {
          'messaging.system': destination.system,
          'messaging.destination.name': destination.name,
          'messaging.operation.name': 'process',
          'messaging.operation.type': 'process',
          // Notes: one per user whose log moved.
          'messaging.batch.message_count': this.message.notes.length,
          'messenger.node.id': nodeId,
        },
      },
      this.parent,
    );
    this.span = span;
    this.context = trace.setSpan(this.parent, span);
    return this.context;
  }

  /** Pumps the channel's sockets as the hub does, with a span per socket written. */
  pumpAll(channel: UserChannel, pumper: DeltaPump): void {
    const context = this.processContext();
    for (const conn of channel.connections) {
      if (conn.phase !== 'replaying' && conn.phase !== 'live') continue;
      const started = preciseNow();
      const before = conn.sentSeq;
      pumper.pump(conn, channel);
      const written = conn.sentSeq - before;
      if (written > 0) {
        this.writes.push(
          this.tracing.tracer.startSpan(
            'sync write',
            {
              kind: SpanKind.PRODUCER,
              startTime: started,
              attributes: {
                'messaging.system': 'messenger',
                'messaging.operation.name': 'write',
                'messaging.operation.type': 'send',
                'messaging.destination.name': 'sync socket',
                'messaging.batch.message_count': written,
              },
            },
            context,
          ),
        );
      } else if (conn.pumping) {
        this.deferred += 1;
      }
    }
  }

  /** After the turn's sockets were given their deltas: ends the spans once the cork is released. */
  finish(): void {
    const span = this.span;
    if (span === null) return;
    process.nextTick(() => {
      const now = preciseNow();
      for (const write of this.writes) write.end(now);
      span.setAttributes({
        'messenger.sockets.written': this.writes.length,
        'messenger.sockets.deferred': this.deferred,
      });
      span.end(now);
    });
  }
}
