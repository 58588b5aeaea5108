import { Agent, request } from 'node:http';

/** A keep-alive HTTP client for loopback POSTs, cheaper per request than fetch. */
export class HttpClient {
  private readonly agent: Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets = 128,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  post(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; serverMs: number | null }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.baseUrl}${path}`,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...headers,
          },
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              serverMs: serverTiming(res.headers['server-timing']),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`POST ${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `app;dur=1.23` → 1.23: the server's own time for the request (observability plugin). */
function serverTiming(header: string | string[] | undefined): number | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  const match = text === undefined ? null : /app;dur=([\d.]+)/.exec(text);
  return match === null ? null : Number(match[1]);
}

export const GRAPHQL_SEND = `mutation Send($input: SendMessageInput!) {
  send_message(input: $input) { created message { id seq_in_thread } }
}`;

/** A GraphQL POST as a logged-in browser makes it; throws on HTTP or GraphQL errors. */
export async function graphql(
  http: HttpClient,
  session: { cookie: string; csrf: string },
  query: string,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return (await timedGraphql(http, session, query, variables)).data;
}

/** `graphql`, with the server's own time for the request (its Server-Timing header). */
export async function timedGraphql(
  http: HttpClient,
  session: { cookie: string; csrf: string },
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; serverMs: number | null }> {
  const { status, text, serverMs } = await http.post(
    '/graphql',
    { query, variables },
    { cookie: session.cookie, 'x-csrf-token': session.csrf },
  );
  const body = JSON.parse(text) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (status !== 200 || body.errors !== undefined || body.data === undefined)
    throw new Error(`GraphQL ${status}: ${text.slice(0, 300)}`);
  return { data: body.data, serverMs };
}
