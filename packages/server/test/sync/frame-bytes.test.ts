import { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tcpSocketOf } from '../../src/features/sync/connection';
import { encodeDeltaFrame, PayloadBytes } from '../../src/features/sync/frame-bytes';
import { deltaFrame } from '../../src/features/sync/pump';
import { openPair, until, type Pair } from './support/socket-pair';

/** A delta payload of about `bytes` bytes of JSON, with text outside ASCII. */
const payloadOf = (bytes: number): string =>
  JSON.stringify({ kind: 'message_new', message: { text: 'é🙂'.repeat(Math.ceil(bytes / 6)) } });

describe('delta frames made once and written as bytes', () => {
  let pair: Pair | undefined;
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });

  it('reach a real ws client as the same text frames as ws.send, in order with ws’s own', async () => {
    pair = await openPair();
    const { server, received } = pair;
    // The three header sizes of RFC 6455: 7-bit, 16-bit and 64-bit lengths.
    const payloads = [payloadOf(40), payloadOf(2_000), payloadOf(70_000)];
    const bytes = new PayloadBytes();
    const expected: string[] = [];
    payloads.forEach((payload, i) => {
      const seq = 1_000 + i;
      server.sendFrameBytes(encodeDeltaFrame(seq, bytes.of(payload)));
      expected.push(deltaFrame(seq, payload));
      server.sendText(`{"n":${i}}`);
      expected.push(`{"n":${i}}`);
    });
    await until(() => received.length === expected.length);
    expect(received).toEqual(expected);
    expect(JSON.parse(received[4] ?? '')).toMatchObject({ type: 'delta', seq: 1_002 });
  });

  // The fence around ws's private field (connection.ts tcpSocketOf): if a ws upgrade
  // renames or hides it, frames would silently fall back to ws.send, losing the
  // one-write-per-delta path without any other test failing.
  it('finds ws’s TCP socket, so frames are written straight to it', async () => {
    pair = await openPair();
    const socket = tcpSocketOf(pair.server.ws);
    expect(socket).toBeInstanceOf(Socket);
    expect(socket?.remoteAddress).toBe('127.0.0.1');
    expect(socket?.destroyed).toBe(false);
  });

  it('sends nothing on a closed socket', async () => {
    pair = await openPair();
    const { server, received } = pair;
    server.close(4000, 'bye');
    server.sendFrameBytes(encodeDeltaFrame(1, Buffer.from('{}')));
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([]);
  });

  it('encodes each distinct payload once', () => {
    const bytes = new PayloadBytes();
    const payload = payloadOf(100);
    expect(bytes.of(payload)).toBe(bytes.of(payloadOf(100)));
    expect(bytes.of(payload).toString('utf8')).toBe(payload);
    expect(bytes.of('{}')).not.toBe(bytes.of(payload));
  });
});
