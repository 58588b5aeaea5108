/**
 * The ceiling: a bare `ws` broadcast server with nothing behind it. A socket
 * joins group `?group=g`; POST /send {group, text} pushes one frame shaped
 * like the messenger's message_new delta (numbered per socket) to every
 * socket of the group and answers 200. A `send` frame on a socket does the
 * same for the socket's group and answers `send_result`, as the messenger's
 * socket sends do. No database, no auth, no validation.
 */
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

interface Member {
  ws: WebSocket;
  seq: number;
}

const groups = new Map<number, Member[]>();
let messageSeq = 0;

function broadcast(group: number, text: string): void {
  const id = ++messageSeq;
  const message = {
    id: `mid.${group}.${id}`,
    thread_id: String(7_000_000_000 + group),
    sender_id: '1000000',
    text,
    created_at: Date.now(),
    seq_in_thread: id,
    offline_threading_id: null,
    entry_point: null,
    tags: [],
    kind: 'text',
  };
  for (const member of groups.get(group) ?? []) {
    member.seq++;
    member.ws.send(
      JSON.stringify({ type: 'delta', seq: member.seq, delta: { kind: 'message_new', message } }),
    );
  }
}

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      group: number;
      text: string;
    };
    broadcast(body.group, body.text);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});

const wss = new WebSocketServer({ server });
wss.on('connection', (ws, request) => {
  const group = Number(new URL(request.url ?? '/', 'http://localhost').searchParams.get('group'));
  const member: Member = { ws, seq: 0 };
  const list = groups.get(group) ?? [];
  list.push(member);
  groups.set(group, list);
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as {
      type: string;
      request_id?: string;
      input?: { text: string };
    };
    if (frame.type === 'send') {
      broadcast(group, frame.input?.text ?? '');
      ws.send(JSON.stringify({ type: 'send_result', request_id: frame.request_id, created: true }));
      return;
    }
    // The hello of the messenger protocol, answered the same way.
    ws.send(JSON.stringify({ type: 'ready', seq: member.seq }));
  });
  ws.on('close', () => {
    const index = list.indexOf(member);
    if (index >= 0) list.splice(index, 1);
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address !== null && typeof address === 'object')
    process.stdout.write(`listening at http://127.0.0.1:${address.port}\n`);
});
process.once('SIGTERM', () => {
  for (const client of wss.clients) client.terminate();
  server.close(() => process.exit(0));
});
