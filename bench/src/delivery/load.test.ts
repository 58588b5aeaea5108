import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { benchText, Fleet } from './load';

/**
 * A server speaking the messenger's frames the way the load generator reads
 * them: `ready` after hello; a `send` answered by `send_result` and a
 * message_new delta to every socket, after a delta without a latency mark.
 */
let server: WebSocketServer;
let url: string;
const peers: WebSocket[] = [];

beforeEach(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/sync`;
  server.on('connection', (peer) => {
    peers.push(peer);
    peer.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as {
        type: string;
        request_id?: string;
        input?: { text: string };
      };
      if (frame.type === 'hello') {
        peer.send('{"type":"delta","seq":1,"delta":{"kind":"presence"}}');
        peer.send('{"type":"ready","seq":1}');
        return;
      }
      peer.send(JSON.stringify({ type: 'send_result', request_id: frame.request_id, ok: true }));
      const message = { id: 'm1', text: frame.input?.text, tags: [] };
      for (const other of peers) {
        other.send(JSON.stringify({ type: 'delta', seq: 2, delta: { kind: 'presence' } }));
        other.send(
          JSON.stringify({ type: 'delta', seq: 3, delta: { kind: 'message_new', message } }),
        );
      }
    });
  });
});

afterEach(async () => {
  peers.length = 0;
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => {
    server.close(resolve);
  });
});

it('opens sockets in order, answers sends with their result, and counts marked deliveries with their latency', async () => {
  const fleet = new Fleet();
  await fleet.open('test', 3, () => ({ url, headers: {} }), 2);
  expect(fleet.sockets).toHaveLength(3);

  const dueAt = performance.now() - 25;
  const answer = await fleet.sendOver(1, { text: benchText('fixed', dueAt) });
  expect(JSON.parse(answer)).toMatchObject({ type: 'send_result', ok: true });
  await fleet.sendOver(2, { text: 'no mark here' });
  await fleet.sendOver(0, { text: benchText('saturate512', performance.now()) });

  const fixed = fleet.statsOf('fixed');
  const deadline = Date.now() + 5000;
  while (fleet.statsOf('saturate512').deliveries < 3 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(fixed.deliveries).toBe(3);
  expect(fleet.statsOf('saturate512').deliveries).toBe(3);
  expect([...fleet.phases.keys()].sort()).toEqual(['fixed', 'saturate512']);
  for (const latency of fixed.latencies) {
    expect(latency).toBeGreaterThanOrEqual(25);
    expect(latency).toBeLessThan(5000);
  }

  peers[0]?.close(4401, 'session ended');
  await fleet.sockets[0]?.closed;
  expect(fleet.closedUnexpectedly).toBe(1);
  await fleet.close();
  expect(fleet.closedUnexpectedly).toBe(1);
});
