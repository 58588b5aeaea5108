import type { Sampler } from '@opentelemetry/sdk-trace';
import type { Logger } from '../../logger';
import type { SamplerName, Tracing, TracingConfig } from '../../config-tracing';

/**
 * The OpenTelemetry SDK, imported only when traces are configured
 * (tracing.ts). The packages are imported here dynamically as well: the
 * production bundle (esbuild, npm packages external) keeps a dynamic import
 * dynamic, so a node without tracing never loads them.
 */
export async function startSdk(config: TracingConfig, logger: Logger): Promise<Tracing> {
  const [sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new otlp.OTLPTraceExporter({
    url: config.url,
    headers: config.headers,
    timeoutMillis: config.exportTimeoutMs,
  });
  const processor = new sdk.BatchSpanProcessor({
    exporter,
    scheduledDelayMillis: config.scheduleDelayMs,
    maxQueueSize: config.maxQueueSize,
    maxExportBatchSize: Math.min(512, config.maxQueueSize),
    exportTimeoutMillis: config.exportTimeoutMs,
  });
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': config.serviceName }),
    sampler: samplerOf(sdk, config.sampler, config.samplerRatio),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer('messenger');
  return {
    tracer,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      // An unreachable collector must not hold up a shutdown: the spans are dropped, said once.
      await provider.shutdown().catch((error: unknown) => {
        logger.warn({ err: error }, 'opentelemetry: the last spans were not exported');
      });
    },
  };
}

type Sdk = typeof import('@opentelemetry/sdk-trace');

function samplerOf(sdk: Sdk, name: SamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new sdk.AlwaysOnSampler();
    case 'always_off':
      return new sdk.AlwaysOffSampler();
    case 'traceidratio':
      return new sdk.TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(ratio) });
  }
}
