/**
 * Two probes on a running messenger: the history page (GraphQL
 * thread_messages, 50 per page) and resume after being offline (reconnect
 * with an old last_seq after K deltas were produced for the user).
 */
import WebSocket from 'ws';
import { percentile, progressLine } from '../progress';
import { graphql, GRAPHQL_SEND, timedGraphql, type HttpClient } from './http';
import type { BenchSession } from './prepare';

const HISTORY = `query History($id: ID!, $before: String) {
  thread_messages(thread_id: $id, last: 50, before: $before) {
    edges { cursor node { id sender_id text seq_in_thread timestamp kind delivery_state } }
    pageInfo { hasPreviousPage startCursor }
  }
}`;

interface HistoryPage {
  thread_messages: { edges: unknown[]; pageInfo: { startCursor: string | null } };
}

export interface Distribution {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * The newest page and the one before it, one request at a time, by readers of
 * different groups. Timed twice: by the server (its Server-Timing header, from
 * the request's arrival to the response being handed to the socket) and at the
 * client over loopback keep-alive HTTP.
 */
export async function probeHistory(
  http: HttpClient,
  readers: { session: BenchSession; threadId: string }[],
  requests: number,
): Promise<{ client: Distribution; server: Distribution }> {
  const times: number[] = [];
  const serverTimes: number[] = [];
  for (let i = 0; times.length < requests; i++) {
    const reader = readers[i % readers.length]!;
    let before: string | null = null;
    for (let page = 0; page < 2 && times.length < requests; page++) {
      const started = performance.now();
      const answer = await timedGraphql(http, reader.session, HISTORY, {
        id: reader.threadId,
        before,
      });
      times.push(performance.now() - started);
      if (answer.serverMs !== null) serverTimes.push(answer.serverMs);
      const data = answer.data as unknown as HistoryPage;
      if (data.thread_messages.edges.length !== 50)
        throw new Error(
          `a history page held ${data.thread_messages.edges.length} messages, not 50`,
        );
      before = data.thread_messages.pageInfo.startCursor;
    }
    if (times.length % 50 === 0) progressLine('history pages', times.length, requests);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return { client: distribution(times), server: distribution(serverTimes) };
}

interface ResumeResult {
  deltas: number;
  readySeq: number;
  ms: number;
}

/** Connects with `lastSeq`, counts replayed deltas until `ready`. */
function resumeOnce(url: string, session: BenchSession, lastSeq: number): Promise<ResumeResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const ws = new WebSocket(url, {
      headers: { cookie: session.cookie },
      perMessageDeflate: false,
    });
    let deltas = 0;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no ready within 60 s'));
    }, 60_000);
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'hello', protocol: 1, last_seq: lastSeq }));
    });
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text.startsWith('{"type":"delta"')) deltas++;
      else if (text.includes('"type":"resync_required"')) {
        clearTimeout(timer);
        ws.terminate();
        reject(new Error(`resync_required instead of a replay: ${text}`));
      } else if (text.includes('"type":"ready"')) {
        const ms = performance.now() - started;
        clearTimeout(timer);
        const readySeq = (JSON.parse(text) as { seq: number }).seq;
        ws.close();
        resolve({ deltas, readySeq, ms });
      }
    });
  });
}

export interface ResumeProbe {
  /** One /sync URL per node: users go offline on one and come back on another. */
  syncUrls: string[];
  http: HttpClient;
  users: BenchSession[];
  sender: BenchSession;
  threadIds: string[];
  deltasPerUser: number;
}

export async function probeResume(probe: ResumeProbe): Promise<{
  times: Distribution;
  replayed: number[];
  produceSeconds: number;
}> {
  const urlFor = (i: number): string => probe.syncUrls[i % probe.syncUrls.length]!;
  // Online once: the seq each user had when it went offline.
  const lastSeqs: number[] = [];
  for (const [r, user] of probe.users.entries())
    lastSeqs.push((await resumeOnce(urlFor(r), user, 0)).readySeq);

  // Offline: every message in a shared thread is one delta in each user's log.
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const n = next++;
      if (n >= probe.deltasPerUser) return;
      await graphql(probe.http, probe.sender, GRAPHQL_SEND, {
        input: {
          thread_id: probe.threadIds[n % probe.threadIds.length],
          text: `while you were away ${n}`,
          offline_threading_id: `resume-${Date.now()}-${n}`,
        },
      });
      done++;
      if (done % 250 === 0 || done === probe.deltasPerUser)
        progressLine('resume: producing deltas', done, probe.deltasPerUser);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  if (process.stderr.isTTY) process.stderr.write('\n');
  const produceSeconds = (performance.now() - started) / 1000;

  const times: number[] = [];
  const replayed: number[] = [];
  for (const [r, user] of probe.users.entries()) {
    const result = await resumeOnce(urlFor(r + 1), user, lastSeqs[r]!);
    times.push(result.ms);
    replayed.push(result.deltas);
    progressLine('resume: reconnecting', r + 1, probe.users.length);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return { times: distribution(times), replayed, produceSeconds };
}
