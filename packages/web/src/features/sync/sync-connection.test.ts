import { describe, expect, it } from 'vitest';
import { SyncConnection } from './sync-connection';

/** A socket that never opens or closes by itself: what Chromium keeps when it goes offline. */
function stuckSocket() {
  const socket = {
    readyState: 1,
    closed: false,
    onopen: null as (() => void) | null,
    onmessage: null,
    onclose: null,
    send: () => undefined,
    close: () => {
      socket.closed = true;
    },
  };
  return socket;
}

describe('SyncConnection.dropOffline', () => {
  it('closes a socket the browser left open and waits to reconnect', () => {
    const sockets: ReturnType<typeof stuckSocket>[] = [];
    const timers: number[] = [];
    const connection = new SyncConnection({
      url: 'ws://test/sync',
      createSocket: () => {
        const socket = stuckSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      apply: () => false,
      resync: () => undefined,
      random: () => 0,
      setTimer: (_fn, ms) => {
        timers.push(ms);
        return timers.length;
      },
      clearTimer: () => undefined,
    });
    connection.start(0);
    sockets[0]?.onopen?.();
    expect(connection.getStatus()).toBe('connecting');
    connection.dropOffline();
    expect(sockets[0]?.closed).toBe(true);
    expect(connection.getStatus()).toBe('offline');
    expect(timers).toHaveLength(1);
    // Already without a socket: nothing more happens.
    connection.dropOffline();
    expect(timers).toHaveLength(1);
  });
});
