import {
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import type { Logger } from '../../logger';
import type { SendTrace, Tracing, TracingConfig } from '../../config-tracing';

/**
 * Traces of a send, from the request (a socket `send` frame or GraphQL
 * `send_message`) to the last socket write on every node (docs/operating.md:
 * Traces). Off by default: then `ctx.tracing` is undefined, the SDK's
 * packages are never imported (tracing-sdk.ts is loaded only when configured)
 * and the send path does no more than compare that field with undefined.
 *
 * No context manager is installed and nothing is registered globally: the
 * send's context travels as an argument (SendTrace) through the batcher and,
 * between nodes, as a W3C `traceparent` on the bus message. Several apps in
 * one process (tests, two nodes) each keep their own provider.
 *
 * Attributes carry ids (message, thread, node) and counts, never text or who
 * sent or received what.
 */
// Declared beside the config so tracing-sdk.ts (loaded on demand) need not import this file back.
export type { Tracing };

/** How many times this process started the SDK (the "off by default" test reads it). */
export const sdkStarts = { count: 0 };

/** Loads and starts the SDK (OTLP/HTTP JSON exporter, batch span processor). */
export async function startTracing(config: TracingConfig, logger: Logger): Promise<Tracing> {
  const { startSdk } = await import('./tracing-sdk');
  sdkStarts.count += 1;
  const tracing = await startSdk(config, logger);
  logger.info({ url: config.url, sampler: config.sampler }, 'opentelemetry traces are on');
  return tracing;
}

/** The `messaging.system` of the spans the messenger itself makes. */
const MESSENGER = 'messenger';

export type SendDoor = 'socket' | 'graphql';

// Declared beside Tracing (config-tracing.ts) so that AppContext can type the send path.
export type { SendTrace } from '../../config-tracing';

/** Wall-clock now with sub-millisecond precision, as OpenTelemetry's TimeInput. */
export const preciseNow = (): number => performance.timeOrigin + performance.now();

export function startSendTrace(tracing: Tracing, door: SendDoor): SendTrace {
  const span = tracing.tracer.startSpan('send_message', {
    kind: SpanKind.SERVER,
    attributes: {
      'messaging.system': MESSENGER,
      'messaging.operation.name': 'send_message',
      'messaging.operation.type': 'send',
      'messenger.send.door': door,
    },
  });
  return { span, context: trace.setSpan(ROOT_CONTEXT, span), queuedAt: preciseNow() };
}

/** The outcome of the request: the stored message's ids, or the error's stable code. */
export function endSendTrace(
  sendTrace: SendTrace,
  outcome: { messageId: string; threadId: string; created: boolean } | { errorCode: string },
): void {
  const { span } = sendTrace;
  if ('errorCode' in outcome) {
    span.setAttribute('error.type', outcome.errorCode);
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.errorCode });
  } else {
    span.setAttributes({
      'messaging.message.id': outcome.messageId,
      'messaging.message.conversation_id': outcome.threadId,
      'messenger.send.created': outcome.created,
    });
  }
  span.end();
}

/** A child of the send's root span, started and maybe ended at given times. */
export function childSpan(
  tracing: Tracing,
  parent: SendTrace,
  name: string,
  startTime: number,
  attributes: Attributes,
): Span {
  return tracing.tracer.startSpan(name, { startTime, attributes }, parent.context);
}

export function failSpan(span: Span, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  span.setAttribute('error.type', typeof code === 'string' ? code : 'internal');
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * The bus publish of a batch's notes: a child of the first traced send of
 * the batch, linked to the others' roots (one bus message carries the whole
 * batch, so its readers' spans can sit in one trace only).
 */
export function startPublishSpan(
  tracing: Tracing,
  traced: readonly SendTrace[],
  destination: { system: string; name: string },
  notes: readonly { deltas: readonly unknown[] }[],
): Span | undefined {
  const [lead, ...others] = traced;
  if (lead === undefined) return undefined;
  let deltas = 0;
  for (const note of notes) deltas += note.deltas.length;
  const links: Link[] = others.map((other) => ({ context: other.span.spanContext() }));
  return tracing.tracer.startSpan(
    `send ${destination.name}`,
    {
      kind: SpanKind.PRODUCER,
      links,
      attributes: {
        'messaging.system': destination.system,
        'messaging.operation.name': 'publish',
        'messaging.operation.type': 'send',
        'messaging.destination.name': destination.name,
        'messaging.batch.message_count': deltas,
      },
    },
    lead.context,
  );
}

/** W3C Trace Context `traceparent`: version 00, trace id, parent span id, flags. */
export function traceparentOf(spanContext: SpanContext): string {
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The remote parent a bus message names; undefined for anything malformed (or version ff). */
export function contextFromTraceparent(text: string): Context | undefined {
  const match = TRACEPARENT.exec(text);
  if (match === null || match[1] === 'ff') return undefined;
  const spanContext: SpanContext = {
    traceId: match[2] ?? '',
    spanId: match[3] ?? '',
    traceFlags: parseInt(match[4] ?? '0', 16) & 1,
    isRemote: true,
  };
  if (!isSpanContextValid(spanContext)) return undefined;
  return trace.setSpanContext(ROOT_CONTEXT, spanContext);
}

export { SpanKind };
