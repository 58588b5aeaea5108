import type { Tracer } from '@opentelemetry/api';

/** A started OpenTelemetry SDK (tracing.ts starts it; tracing-sdk.ts builds it). */
export interface Tracing {
  tracer: Tracer;
  /** Exports every ended span now (tests; shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
