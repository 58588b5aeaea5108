/**
 * Delta frames to sockets: the server's CPU per frame when each recipient's
 * `delta` frame goes through `ws.send` as a string (how the hub sent them
 * before) against frames made once per delta as bytes and written to the TCP
 * socket (sync/frame-bytes.ts, how it sends them now). Both over real
 * loopback sockets to a separate client process, corked per batch as the hub
 * does; the two ways alternate round by round in one process, so the
 * machine's drift falls on both alike. A batch is 64 messages to groups of 10
 * sockets, one payload per message, as in the delivery benchmark.
 *
 *   npm run -w @messenger/bench frame-write -- [--sockets 2000] [--rounds 12] [--batches 100]
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';
import { SyncConnection } from '../../packages/server/src/features/sync/connection';
import {
  encodeDeltaFrame,
  PayloadBytes,
} from '../../packages/server/src/features/sync/frame-bytes';
import { deltaFrame } from '../../packages/server/src/features/sync/pump';
import { TurnCorker } from '../../packages/server/src/features/sync/turn-corker';
import { machineLine, percentile, progressLine } from './progress';

const GROUP_SIZE = 10;
const MESSAGES_PER_BATCH = 64;

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '12' },
    batches: { type: 'string', default: '100' },
    client: { type: 'string' },
  },
});

if (values.client !== undefined) runClients(values.client, Number(values.sockets));
else await runServer();

/** The client process: opens the sockets, counts frames, reports the count when asked. */
function runClients(url: string, count: number): void {
  let received = 0;
  let open = 0;
  for (let i = 0; i < count; i += 1) {
    const ws = new WebSocket(url);
    ws.on('message', () => {
      received += 1;
    });
    ws.on('open', () => {
      open += 1;
      if (open === count) process.send?.({ open });
    });
  }
  process.on('message', () => {
    process.send?.({ received });
  });
}

type Mode = 'ws.send of a string' | 'frame bytes';

async function runServer(): Promise<void> {
  const sockets = Number(values.sockets);
  const rounds = Number(values.rounds);
  const batches = Number(values.batches);
  console.log(machineLine());
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  const conns: SyncConnection[] = [];
  wss.on('connection', (ws) => {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- the same ws class, declared twice
    const conn = new SyncConnection(ws, String(conns.length), 'h', 0);
    conn.phase = 'live';
    conns.push(conn);
  });
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--client', `ws://127.0.0.1:${port}`, '--sockets', String(sockets)],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  await answer(child);
  while (conns.length < sockets) await nextTurn();

  const corker = new TurnCorker();
  let seq = 0;
  let sent = 0;
  const runRound = async (mode: Mode): Promise<number> => {
    const before = process.cpuUsage();
    for (let b = 0; b < batches; b += 1) {
      const payloads = new PayloadBytes();
      for (let m = 0; m < MESSAGES_PER_BATCH; m += 1) {
        seq += 1;
        const payload = payloadOf(seq);
        const group = Math.floor(Math.random() * (sockets / GROUP_SIZE));
        for (let r = 0; r < GROUP_SIZE; r += 1) {
          const conn = conns[group * GROUP_SIZE + r];
          if (conn === undefined) continue;
          corker.cork(conn);
          if (mode === 'frame bytes')
            conn.sendFrameBytes(encodeDeltaFrame(seq, payloads.of(payload)));
          else conn.sendText(deltaFrame(seq, payload));
          sent += 1;
        }
      }
      // The corker writes at the end of the turn, as after a batch's deltas in the hub.
      await nextTurn();
    }
    const used = process.cpuUsage(before);
    // Everything reached the clients before the next round starts.
    while ((await answer(child)).received < sent) await nextTurn();
    return (used.user + used.system) / (batches * MESSAGES_PER_BATCH * GROUP_SIZE);
  };

  const perFrame: Record<Mode, number[]> = { 'ws.send of a string': [], 'frame bytes': [] };
  await runRound('frame bytes'); // warm-up, not counted
  await runRound('ws.send of a string');
  for (let round = 0; round < rounds; round += 1) {
    progressLine('rounds', round, rounds);
    const order: Mode[] =
      round % 2 === 0
        ? ['ws.send of a string', 'frame bytes']
        : ['frame bytes', 'ws.send of a string'];
    for (const mode of order) perFrame[mode].push(await runRound(mode));
  }
  progressLine('rounds', rounds, rounds);
  const median = (list: number[]): number =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    );
  const asString = median(perFrame['ws.send of a string']);
  const asBytes = median(perFrame['frame bytes']);
  console.log(
    `${sockets} sockets, ${rounds} rounds of ${batches} batches × ${MESSAGES_PER_BATCH} messages × ${GROUP_SIZE} recipients each way`,
  );
  console.log(
    `server CPU per frame, median of rounds: ws.send of a string ${asString.toFixed(2)} µs, frame bytes ${asBytes.toFixed(2)} µs (×${(asBytes / asString).toFixed(2)})`,
  );
  console.log(
    `reproduce: npm run -w @messenger/bench frame-write -- --sockets ${sockets} --rounds ${rounds} --batches ${batches}`,
  );
  child.kill();
  for (const conn of conns) conn.ws.terminate();
  wss.close();
}

/** The next report of the client process. */
function answer(child: ChildProcess): Promise<{ received: number }> {
  return new Promise((resolve) => {
    child.once('message', (message: { received?: number }) => {
      resolve({ received: message.received ?? 0 });
    });
    child.send('count');
  });
}

/** A message_new payload as the server stores it, different for each message. */
function payloadOf(n: number): string {
  return JSON.stringify({
    kind: 'message_new',
    message: {
      id: `m.7000000${n % 1000}.${n}`,
      thread_id: `7000000${n % 1000}`,
      sender_id: `100${n % 10_000}`,
      text: `Message ${n} of the frame benchmark, about as long as a chat line is.`,
      created_at: 1_790_000_000_000 + n,
      seq_in_thread: n,
      offline_threading_id: `bench-${n}`,
      entry_point: null,
      tags: [],
      kind: 'text',
      attachments: [],
    },
  });
}
