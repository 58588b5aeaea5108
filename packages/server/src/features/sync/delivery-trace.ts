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
 * Made per bus message only while tracing; the untraced delivery path does
 * not touch this file.
 */
export class DeliveryTrace {
  private readonly writes: Span[] = [];
  private deferred = 0;

  private constructor(
    private readonly tracing: Tracing,
    private readonly span: Span,
    private readonly context: Context,
  ) {}

  /** Null unless tracing is on and the message carries a valid `traceparent` (one check when off). */
  static of(
    tracing: Tracing | undefined,
    message: Extract<BusMessage, { type: 'deltas' }>,
    bus: SyncBus,
  ): DeliveryTrace | null {
    if (tracing === undefined || message.trace === undefined) return null;
    const parent = contextFromTraceparent(message.trace);
    if (parent === undefined) return null;
    const span = tracing.tracer.startSpan(
      `process ${bus.destination.name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': bus.destination.system,
          'messaging.destination.name': bus.destination.name,
          'messaging.operation.name': 'process',
          'messaging.operation.type': 'process',
          // Notes: one per user whose log moved.
          'messaging.batch.message_count': message.notes.length,
          'messenger.node.id': bus.nodeId,
        },
      },
      parent,
    );
    return new DeliveryTrace(tracing, span, trace.setSpan(parent, span));
  }

  /** Pumps the channel's sockets as the hub does, with a span per socket written. */
  pumpAll(channel: UserChannel, pumper: DeltaPump): void {
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
            this.context,
          ),
        );
      } else if (conn.pumping) {
        this.deferred += 1;
      }
    }
  }

  /** After the turn's sockets were given their deltas: ends the spans once the cork is released. */
  finish(): void {
    process.nextTick(() => {
      const now = preciseNow();
      for (const write of this.writes) write.end(now);
      this.span.setAttributes({
        'messenger.sockets.written': this.writes.length,
        'messenger.sockets.deferred': this.deferred,
      });
      this.span.end(now);
    });
  }
}
