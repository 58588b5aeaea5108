import { SYNC_CLOSE } from '@messenger/core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveApp, type LiveApp } from './support/app';
import { PASSWORD } from '../support/people';
import { asSession, login } from '../support/session';
import { SyncClient, pause } from './support/socket';

/**
 * The socket's own rules: authentication, origin, protocol version, frame
 * validation, heartbeats and shutdown. Storage-independent: SQLite only.
 */
describe('sync socket protocol', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp('sqlite', {
      sync: { helloTimeoutMs: 300, heartbeatMs: 150, sessionCheckMs: 100 },
    });
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('closes with 4401 without a session, or with a dead one', async () => {
    const anonymous = await SyncClient.connect(live.syncUrl);
    expect(await anonymous.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
    const forged = await SyncClient.connect(live.syncUrl, { cookie: 'msgr_session=not-a-session' });
    expect(await forged.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
  });

  it('closes with 4403 when a page of another site opens it with the cookie', async () => {
    const foreign = await live.socket('ann', { origin: 'https://evil.example' });
    expect(await foreign.closed).toMatchObject({ code: SYNC_CLOSE.forbiddenOrigin });
    const host = new URL(live.syncUrl).host;
    const own = await live.socket('ann', { origin: `http://${host}` });
    expect((await own.hello(0)).seq).toBe(0);
  });

  it('refuses another protocol version with unsupported_protocol and 4406', async () => {
    const socket = await live.socket('ann');
    socket.send({ type: 'hello', protocol: 2, last_seq: 0 });
    expect(await socket.waitFor((f) => f.type === 'error')).toMatchObject({
      code: 'unsupported_protocol',
    });
    expect(await socket.closed).toMatchObject({ code: SYNC_CLOSE.unsupportedProtocol });
  });

  it('wants hello first: anything else, or a malformed frame, closes with 4400', async () => {
    const early = await live.socket('ann');
    early.send({ type: 'ping' });
    expect(await early.waitFor((f) => f.type === 'error')).toMatchObject({
      code: 'hello_required',
    });
    expect(await early.closed).toMatchObject({ code: SYNC_CLOSE.protocolError });
    const garbled = await live.socket('ann');
    garbled.send('{not json');
    expect(await garbled.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'bad_frame' });
    expect(await garbled.closed).toMatchObject({ code: SYNC_CLOSE.protocolError });
  });

  it('closes a socket that never says hello', async () => {
    const silent = await live.socket('ann');
    expect(await silent.closed).toMatchObject({
      code: SYNC_CLOSE.protocolError,
      reason: 'no hello',
    });
  });

  it('after hello, answers a bad frame with an error and keeps the socket; answers ping with pong', async () => {
    const socket = await live.socket('ann');
    await socket.hello(0);
    socket.send({ type: 'typing', thread_id: 'abc', state: 'typing' });
    expect(await socket.waitFor((f) => f.type === 'error')).toMatchObject({
      code: 'bad_frame',
      message: expect.stringContaining('thread_id') as unknown,
    });
    socket.send({ type: 'hello', protocol: 1, last_seq: 0 });
    expect(
      await socket.waitFor((f) => f.type === 'error' && f.code === 'hello_repeated'),
    ).toBeDefined();
    socket.send(Buffer.from([1, 2, 3]));
    socket.send({ type: 'ping' });
    expect(await socket.waitFor((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    expect(socket.isClosed).toBeNull();
  });

  it('keeps answering sockets alive across heartbeats and drops one that stops answering pings', async () => {
    const healthy = await live.socket('ben');
    await healthy.hello(0);
    const session = await live.session('ben');
    const deaf = new WebSocket(live.syncUrl, {
      headers: { cookie: session.cookie },
      autoPong: false,
    });
    await new Promise((resolve) => deaf.once('open', resolve));
    deaf.send(JSON.stringify({ type: 'hello', protocol: 1, last_seq: 0 }));
    const closed = await new Promise<number>((resolve) => deaf.once('close', resolve));
    // Terminated, not closed politely: a dead peer would not answer a close frame either.
    expect(closed).toBe(1006);
    await pause(400);
    expect(healthy.isClosed).toBeNull();
  });

  it('pings every socket once per heartbeat interval, spread over it rather than all at once', async () => {
    const session = await live.session('ben');
    const sockets = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const ws = new WebSocket(live.syncUrl, { headers: { cookie: session.cookie } });
        await new Promise((resolve) => ws.once('open', resolve));
        ws.send(JSON.stringify({ type: 'hello', protocol: 1, last_seq: 0 }));
        return ws;
      }),
    );
    const pings: number[][] = sockets.map(() => []);
    sockets.forEach((ws, i) => {
      ws.on('ping', () => pings[i]?.push(performance.now()));
    });
    await pause(470);
    for (const ws of sockets) ws.terminate();
    // 150 ms intervals: each socket pinged about three times in 470 ms, never twice in one interval.
    for (const times of pings) {
      expect(times.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < times.length; i += 1)
        expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThan(100);
    }
    // In one interval the twenty sockets were pinged at several moments, not in one burst.
    const firsts = pings.map((times) => times[0] ?? 0).sort((a, b) => a - b);
    expect((firsts.at(-1) ?? 0) - (firsts[0] ?? 0)).toBeGreaterThan(50);
  });

  it("closes a session's sockets with 4401 once it logs out", async () => {
    const session = await login(live.app, 'cal.sync', PASSWORD);
    const socket = await SyncClient.connect(live.syncUrl, { cookie: session.cookie });
    await socket.hello(0);
    const other = await live.socket('cal');
    await other.hello(0);
    await asSession(live.app, session, { method: 'POST', url: '/auth/logout' });
    expect(await socket.closed).toMatchObject({ code: SYNC_CLOSE.unauthenticated });
    await pause(300);
    // Another session of the same person stays.
    expect(other.isClosed).toBeNull();
  });

  it('tells connected clients the server is going away when it shuts down', async () => {
    const other = await startLiveApp('sqlite');
    const socket = await other.socket('ann');
    await socket.hello(0);
    await other.dispose();
    expect(await socket.closed).toMatchObject({ code: SYNC_CLOSE.goingAway });
  });
});
