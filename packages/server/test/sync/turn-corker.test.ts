import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import WebSocket, { WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncConnection } from '../../src/features/sync/connection';
import { TurnCorker } from '../../src/features/sync/turn-corker';

interface Pair {
  server: SyncConnection;
  received: string[];
  close(): Promise<void>;
}

/** A real WebSocket over loopback: the server side wrapped as the hub wraps it. */
async function openPair(): Promise<Pair> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as AddressInfo;
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: string[] = [];
  client.on('message', (data: Buffer) => received.push(data.toString('utf8')));
  await new Promise<void>((resolve) =>
    client.once('open', () => {
      resolve();
    }),
  );
  const ws = await accepted;
  // The hub is handed ws's socket under @fastify/websocket's declaration of it.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- the same ws class, declared twice
  const server = new SyncConnection(ws, '1', 'h', 0);
  server.phase = 'live';
  return {
    server,
    received,
    close: async () => {
      client.terminate();
      await new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      });
    },
  };
}

const tcpOf = (conn: SyncConnection): Socket => (conn.ws as unknown as { _socket: Socket })._socket;

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};

describe('holding a socket’s frames for the rest of the turn', () => {
  let pair: Pair | undefined;
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });

  it('writes a turn’s frames once, in order, after the turn', async () => {
    pair = await openPair();
    const { server, received } = pair;
    const corker = new TurnCorker();
    corker.cork(server);
    corker.cork(server);
    // Corked once however often it is asked in a turn.
    expect(tcpOf(server).writableCorked).toBe(1);
    server.sendText('{"n":1}');
    server.sendText('{"n":2}');
    server.sendText('{"n":3}');
    expect(tcpOf(server).writableLength).toBeGreaterThan(0);
    await nextTurn();
    expect(tcpOf(server).writableCorked).toBe(0);
    expect(server.corked).toBe(false);
    await until(() => received.length === 3);
    expect(received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
  });

  it('corks again in a later turn, and lets a socket closed meanwhile go', async () => {
    pair = await openPair();
    const { server, received } = pair;
    const corker = new TurnCorker();
    corker.cork(server);
    server.sendText('a');
    await nextTurn();
    corker.cork(server);
    expect(tcpOf(server).writableCorked).toBe(1);
    server.sendText('b');
    server.close(4000, 'bye');
    await nextTurn();
    await until(() => received.length === 2);
    expect(received).toEqual(['a', 'b']);
  });
});
