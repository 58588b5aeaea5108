import type { Context, Span, Tracer } from '@opentelemetry/api';
import { z } from 'zod';

/**
 * OpenTelemetry traces of a send (docs/operating.md: Traces), read from the
 * standard OTEL_* variables so that a collector's usual settings work as they
 * are. Off unless asked for: OTEL_TRACES_EXPORTER=otlp, or an OTLP endpoint
 * set. The specification's own default for OTEL_TRACES_EXPORTER is `otlp`,
 * which would turn tracing on for every node with nothing to receive it, so
 * an unset variable means off here.
 * The parser sits beside config.ts (below every feature) so that config never
 * imports a feature; features/observability starts the SDK from its output.
 */

export type SamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';

export interface TracingConfig {
  /** Where spans are POSTed as OTLP/HTTP JSON, e.g. http://collector:4318/v1/traces. */
  url: string;
  headers: Record<string, string>;
  serviceName: string;
  sampler: SamplerName;
  /** The ratio of the *traceidratio samplers (0 to 1). */
  samplerRatio: number;
  /** How long spans wait in memory before an export (the batch span processor's delay). */
  scheduleDelayMs: number;
  /** Spans kept waiting at most; beyond it new ones are dropped (never blocks a send). */
  maxQueueSize: number;
  exportTimeoutMs: number;
}

/** The spec's default endpoint: an OpenTelemetry Collector on this machine. */
const DEFAULT_ENDPOINT = 'http://localhost:4318';

const ms = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

/**
 * OTEL_EXPORTER_OTLP_HEADERS: `key=value,key2=value2`, values percent-encoded
 * (the spec's W3C Baggage-like format); for a collector's API key.
 */
const headerList = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const headers: Record<string, string> = {};
    for (const entry of text.split(',')) {
      if (entry.trim() === '') continue;
      const equals = entry.indexOf('=');
      const key = entry.slice(0, equals).trim();
      if (equals <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) {
        ctx.addIssue({ code: 'custom', message: `"${entry.trim()}" is not key=value` });
        return z.NEVER;
      }
      try {
        headers[key] = decodeURIComponent(entry.slice(equals + 1).trim());
      } catch {
        ctx.addIssue({ code: 'custom', message: `the value of "${key}" is not percent-encoded` });
        return z.NEVER;
      }
    }
    return headers;
  });

/** Only OTLP over HTTP with JSON bodies ships (no protobuf or gRPC exporter is installed). */
const protocol = z.enum(['http/json'], {
  error: 'only http/json is supported (OTLP/HTTP with JSON bodies, port 4318)',
});

/** Spread into config.ts's environment schema. */
export const tracingEnvShape = {
  /** `otlp`: traces on; `none` (or unset without an endpoint): off. */
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none']).optional(),
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
  /** The collector's base URL; traces go to `<it>/v1/traces`. Setting it turns traces on. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The full traces URL, used as it is (wins over OTEL_EXPORTER_OTLP_ENDPOINT). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol.optional(),
  OTEL_EXPORTER_OTLP_HEADERS: headerList,
  OTEL_EXPORTER_OTLP_TIMEOUT: ms(10_000),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('messenger'),
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  OTEL_BSP_SCHEDULE_DELAY: ms(5000),
  OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(2048),
};

type TracingEnv = z.output<z.ZodObject<typeof tracingEnvShape>>;

/** The settings, or undefined when traces are off (nothing of the SDK is loaded then). */
export function tracingConfigFrom(e: TracingEnv): TracingConfig | undefined {
  if (e.OTEL_SDK_DISABLED === 'true' || e.OTEL_TRACES_EXPORTER === 'none') return undefined;
  const endpointSet =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined ||
    e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;
  if (e.OTEL_TRACES_EXPORTER !== 'otlp' && !endpointSet) return undefined;
  const base = (e.OTEL_EXPORTER_OTLP_ENDPOINT ?? DEFAULT_ENDPOINT).replace(/\/+$/, '');
  return {
    url: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${base}/v1/traces`,
    headers: e.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: e.OTEL_SERVICE_NAME,
    sampler: e.OTEL_TRACES_SAMPLER,
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG,
    scheduleDelayMs: e.OTEL_BSP_SCHEDULE_DELAY,
    maxQueueSize: e.OTEL_BSP_MAX_QUEUE_SIZE,
    exportTimeoutMs: e.OTEL_EXPORTER_OTLP_TIMEOUT,
  };
}

/**
 * A started OpenTelemetry SDK, held by AppContext (features/observability:
 * tracing.ts starts it, tracing-sdk.ts builds it).
 */
export interface Tracing {
  tracer: Tracer;
  /** Exports every ended span now (tests; shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** A send's root span and where its children hang; made only while tracing is on. */
export interface SendTrace {
  span: Span;
  context: Context;
  /** When the send was handed to the batcher (epoch ms, sub-ms precise): the batch wait starts. */
  queuedAt: number;
}
