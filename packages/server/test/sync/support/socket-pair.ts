import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { SyncConnection } from '../../../src/features/sync/connection';

export interface Pair {
  server: SyncConnection;
  received: string[];
  close(): Promise<void>;
}

/** A real WebSocket over loopback: the server side wrapped as the hub wraps it. */
export async function openPair(): Promise<Pair> {
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

export const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 5));
};
