import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with its process's `service.name`. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
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
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

function valueOf(value: OtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return Boolean(value.boolValue);
}

const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/** Ids arrive as hex in OTLP JSON; base64 (protobuf's JSON mapping) is read too. */
function hexId(id: string | undefined): string | null {
  if (!id) return null;
  if (/^[0-9a-f]+$/i.test(id)) return /^0+$/.test(id) ? null : id.toLowerCase();
  return Buffer.from(id, 'base64').toString('hex');
}

/**
 * An OTLP/HTTP receiver (JSON encoding) in the test's process, on the address the stack's api and
 * worker export to: it keeps every span it is sent.
 */
export async function startOtlpReceiver(endpoint: string) {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
          for (const span of (resourceSpans.scopeSpans ?? []).flatMap((scope) => scope.spans ?? [])) {
            spans.push({
              service,
              traceId: hexId(span.traceId)!,
              spanId: hexId(span.spanId)!,
              parentSpanId: hexId(span.parentSpanId),
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const { hostname, port } = new URL(endpoint);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), hostname, resolve);
  });
  return {
    spans,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
