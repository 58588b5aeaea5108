import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { LeanSocket } from './lean-socket';

/** A real `ws` server; each test says what it does with its sockets. */
let server: WebSocketServer;
let url: string;
let accepted: Promise<[WebSocket, { headers: Record<string, unknown> }]>;

beforeEach(async () => {
  server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info: { req: { headers: Record<string, unknown> } }) =>
      info.req.headers['x-pass'] !== 'no',
  });
  await once(server, 'listening');
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/sync?x=1`;
  accepted = once(server, 'connection') as typeof accepted;
});

afterEach(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => {
    server.close(resolve);
  });
});

/** Collects the text of every frame the socket hands on. */
function collect(socket: LeanSocket): string[] {
  const texts: string[] = [];
  socket.onFrame = (chunk, start, end) => texts.push(chunk.toString('utf8', start, end));
  return texts;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('LeanSocket', () => {
  it('upgrades with the given headers and path, and refuses an answer other than 101', async () => {
    const socket = await LeanSocket.connect(url, { cookie: 'session=abc' });
    const [, request] = await accepted;
    expect(request.headers.cookie).toBe('session=abc');
    socket.terminate();
    await expect(LeanSocket.connect(url, { 'x-pass': 'no' })).rejects.toThrow(/401/);
  });

  it('sends texts of every length encoding intact, multi-byte characters included', async () => {
    const socket = await LeanSocket.connect(url);
    const [peer] = await accepted;
    const received: string[] = [];
    peer.on('message', (data: Buffer, isBinary: boolean) => {
      expect(isBinary).toBe(false);
      received.push(data.toString('utf8'));
    });
    const texts = ['', 'é'.repeat(62), 'x'.repeat(126), 'y'.repeat(65_535), 'ż'.repeat(70_000)];
    for (const text of texts) socket.send(text);
    await until(() => received.length === texts.length);
    expect(received).toEqual(texts);
  });

  it('hands on frames split across reads, several per read, and larger than its read buffer', async () => {
    const socket = await LeanSocket.connect(url);
    const texts = collect(socket);
    const [peer] = await accepted;
    const sent = ['a', 'b'.repeat(125), 'c'.repeat(126), 'd'.repeat(70_000), 'ü'.repeat(400_000)];
    for (let i = 0; i < 200; i++) sent.push(`{"n":${i}}`);
    for (const text of sent) peer.send(text);
    await until(() => texts.length === sent.length);
    expect(texts).toEqual(sent);
  });

  it('joins a fragmented message into one frame', async () => {
    const socket = await LeanSocket.connect(url);
    const texts = collect(socket);
    const [peer] = await accepted;
    peer.send('first ', { fin: false });
    peer.send('second ', { fin: false });
    peer.send('last', { fin: true });
    peer.send('next');
    await until(() => texts.length === 2);
    expect(texts).toEqual(['first second last', 'next']);
  });

  it("answers the server's ping with its payload", async () => {
    await LeanSocket.connect(url);
    const [peer] = await accepted;
    const pong = once(peer, 'pong');
    peer.ping('beat');
    const [payload] = (await pong) as [Buffer];
    expect(payload.toString()).toBe('beat');
  });

  it('closes with code 1000 when asked, and reports a close the server began', async () => {
    const first = await LeanSocket.connect(url);
    const [peer] = await accepted;
    const closing = once(peer, 'close');
    first.close();
    const [code] = (await closing) as [number];
    expect(code).toBe(1000);
    await first.closed;

    accepted = once(server, 'connection') as typeof accepted;
    const second = await LeanSocket.connect(url);
    let reported = 0;
    second.onClose = () => reported++;
    const [other] = await accepted;
    other.close(4401, 'session ended');
    await second.closed;
    expect(reported).toBe(1);
    expect(second.isOpen).toBe(false);
  });
});
