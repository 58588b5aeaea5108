import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncConnection } from '../../src/features/sync/connection';
import { TurnCorker } from '../../src/features/sync/turn-corker';
import { openPair, until, type Pair } from './support/socket-pair';

const tcpOf = (conn: SyncConnection): Socket => (conn.ws as unknown as { _socket: Socket })._socket;

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
