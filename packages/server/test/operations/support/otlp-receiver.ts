import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP JSON export carries it, flattened for assertions. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
  startNs: bigint;
  endNs: bigint;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  links?: { traceId: string; spanId: string }[];
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

const valueOf = (value: OtlpValue): string | number | boolean =>
  value.stringValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue)) ??
  value.doubleValue ??
  value.boolValue ??
  '';

const attributesOf = (list: OtlpAttribute[] = []): Record<string, string | number | boolean> =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/**
 * An OpenTelemetry collector's OTLP/HTTP endpoint in miniature: a real HTTP
 * server on a free port that accepts POST /v1/traces with JSON bodies (what
 * the JSON exporter sends) and keeps every span it was sent.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Every request, whatever its path: the "off" test expects none. */
  readonly requests: { method: string; url: string; contentType: string }[] = [];

  private constructor(
    private readonly server: Server,
    readonly endpoint: string,
  ) {}

  static async start(): Promise<OtlpReceiver> {
    // The handler runs only after listen, once the receiver below exists.
    const made: { receiver?: OtlpReceiver } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        made.receiver?.take(
          request.method ?? '',
          request.url ?? '',
          request.headers['content-type'],
          {
            body: Buffer.concat(chunks).toString('utf8'),
          },
        );
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const receiver = new OtlpReceiver(server, `http://127.0.0.1:${String(port)}`);
    made.receiver = receiver;
    return receiver;
  }

  /** The spans of one trace. */
  traceOf(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private take(method: string, url: string, contentType = '', { body }: { body: string }): void {
    this.requests.push({ method, url, contentType });
    if (method !== 'POST' || url !== '/v1/traces' || !contentType.includes('json')) return;
    const parsed = JSON.parse(body) as OtlpExport;
    for (const resourceSpans of parsed.resourceSpans) {
      const service = String(attributesOf(resourceSpans.resource.attributes)['service.name']);
      for (const scope of resourceSpans.scopeSpans) {
        for (const span of scope.spans) {
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            links: (span.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            startNs: BigInt(span.startTimeUnixNano),
            endNs: BigInt(span.endTimeUnixNano),
          });
        }
      }
    }
  }
}
