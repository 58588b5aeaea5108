import { describe, expect, it } from 'vitest';
import {
  initialSyncClientState,
  reconnectDelayMs,
  reduceSyncClient,
  type SyncClientEvent,
  type SyncClientResult,
  type SyncClientState,
} from './client-reducer';
import type { Delta } from './deltas';
import type { ServerFrame } from './frames';
import { SYNC_CLOSE, SYNC_TIMING } from './protocol';

const readReceipt = (seq: number): Delta => ({
  kind: 'read_receipt',
  thread_id: '10',
  user_id: '20',
  seq,
});
const delta = (seq: number): SyncClientEvent => ({
  type: 'frame',
  frame: { type: 'delta', seq, delta: readReceipt(seq) },
});
const frame = (f: ServerFrame): SyncClientEvent => ({ type: 'frame', frame: f });

function run(state: SyncClientState, ...events: SyncClientEvent[]): SyncClientResult {
  let current: SyncClientResult = { state, commands: [] };
  for (const event of events) current = reduceSyncClient(current.state, event);
  return current;
}

/** A client that connected with `lastSeq` and is now live. */
function live(lastSeq: number): SyncClientState {
  return run(
    initialSyncClientState(lastSeq),
    { type: 'start' },
    { type: 'opened' },
    frame({ type: 'ready', seq: lastSeq }),
  ).state;
}

describe('sync client: connecting and replaying', () => {
  it('opens a socket on start and sends hello with its last seq and device', () => {
    const started = reduceSyncClient(initialSyncClientState(7, 'tab-1'), { type: 'start' });
    expect(started.state.status).toBe('connecting');
    expect(started.commands).toEqual([{ type: 'open_socket' }]);
    const opened = reduceSyncClient(started.state, { type: 'opened' });
    expect(opened.state.status).toBe('replaying');
    expect(opened.commands).toEqual([
      { type: 'send', frame: { type: 'hello', protocol: 1, last_seq: 7, device_id: 'tab-1' } },
    ]);
  });

  it('sends hello without a device id when none is set, and with 0 on a first start', () => {
    const opened = run(initialSyncClientState(), { type: 'start' }, { type: 'opened' });
    expect(opened.commands).toEqual([
      { type: 'send', frame: { type: 'hello', protocol: 1, last_seq: 0 } },
    ]);
  });

  it('applies replayed deltas in order without acking each, then acks once on ready', () => {
    const replay = run(initialSyncClientState(3), { type: 'start' }, { type: 'opened' }, delta(4));
    expect(replay.commands).toEqual([{ type: 'apply_delta', seq: 4, delta: readReceipt(4) }]);
    const ready = run(replay.state, delta(5), frame({ type: 'ready', seq: 5 }));
    expect(ready.state).toEqual({ status: 'live', lastSeq: 5, deviceId: null });
    expect(ready.commands).toEqual([{ type: 'send', frame: { type: 'ack', seq: 5 } }]);
  });

  it('does not ack on ready when there has never been a delta', () => {
    const ready = run(
      initialSyncClientState(),
      { type: 'start' },
      { type: 'opened' },
      frame({ type: 'ready', seq: 0 }),
    );
    expect(ready.state.status).toBe('live');
    expect(ready.commands).toEqual([]);
  });

  it('refetches on resync_required and continues from the seq it names', () => {
    const replaying = run(initialSyncClientState(2), { type: 'start' }, { type: 'opened' });
    const resync = reduceSyncClient(
      replaying.state,
      frame({ type: 'resync_required', reason: 'window_expired', seq: 900 }),
    );
    expect(resync.commands).toEqual([{ type: 'resync', reason: 'window_expired' }]);
    expect(resync.state.lastSeq).toBe(900);
    const next = run(resync.state, delta(901), frame({ type: 'ready', seq: 901 }));
    expect(next.state).toMatchObject({ status: 'live', lastSeq: 901 });
  });

  it('treats a ready behind its own seq as a server that lost its log: resync from there', () => {
    const replaying = run(initialSyncClientState(50), { type: 'start' }, { type: 'opened' });
    const ready = reduceSyncClient(replaying.state, frame({ type: 'ready', seq: 10 }));
    expect(ready.state).toMatchObject({ status: 'live', lastSeq: 10 });
    expect(ready.commands).toEqual([
      { type: 'resync', reason: 'ahead_of_head' },
      { type: 'send', frame: { type: 'ack', seq: 10 } },
    ]);
  });

  it('reconnects when ready names a seq it never received', () => {
    const replaying = run(initialSyncClientState(1), { type: 'start' }, { type: 'opened' });
    const ready = reduceSyncClient(replaying.state, frame({ type: 'ready', seq: 3 }));
    expect(ready.state).toMatchObject({ status: 'waiting', lastSeq: 1, attempt: 0 });
    expect(ready.commands).toEqual([
      { type: 'close_socket' },
      { type: 'schedule_reconnect', delayMs: 0 },
    ]);
  });
});

describe('sync client: live', () => {
  it('applies and acks each live delta', () => {
    const next = reduceSyncClient(live(4), delta(5));
    expect(next.state.lastSeq).toBe(5);
    expect(next.commands).toEqual([
      { type: 'apply_delta', seq: 5, delta: readReceipt(5) },
      { type: 'send', frame: { type: 'ack', seq: 5 } },
    ]);
  });

  it('drops a duplicate delta (seq not above its last)', () => {
    const state = live(4);
    expect(reduceSyncClient(state, delta(4))).toEqual({ state, commands: [] });
    expect(reduceSyncClient(state, delta(2))).toEqual({ state, commands: [] });
  });

  it('on a gap, drops the socket and reconnects at once to replay from its last seq', () => {
    const gap = reduceSyncClient(live(4), delta(6));
    expect(gap.state).toEqual({ status: 'waiting', lastSeq: 4, deviceId: null, attempt: 0 });
    expect(gap.commands).toEqual([
      { type: 'close_socket' },
      { type: 'schedule_reconnect', delayMs: 0 },
    ]);
    const reconnect = reduceSyncClient(gap.state, { type: 'reconnect_timer_fired' });
    expect(reconnect.commands).toEqual([{ type: 'open_socket' }]);
    const hello = reduceSyncClient(reconnect.state, { type: 'opened' });
    expect(hello.commands[0]).toEqual({
      type: 'send',
      frame: { type: 'hello', protocol: 1, last_seq: 4 },
    });
  });

  it('passes typing and presence frames on, reports errors and ignores pong', () => {
    const state = live(1);
    const typing: ServerFrame = {
      type: 'typing',
      thread_id: '1',
      user_id: '2',
      state: 'typing',
      expires_in_ms: 6000,
    };
    expect(reduceSyncClient(state, frame(typing)).commands).toEqual([
      { type: 'ephemeral', frame: typing },
    ]);
    const presence: ServerFrame = { type: 'presence', user_id: '2', status: 'IDLE' };
    expect(reduceSyncClient(state, frame(presence)).commands).toEqual([
      { type: 'ephemeral', frame: presence },
    ]);
    expect(
      reduceSyncClient(state, frame({ type: 'error', code: 'ack_ahead', message: 'no' })).commands,
    ).toEqual([{ type: 'report_error', code: 'ack_ahead', message: 'no' }]);
    expect(reduceSyncClient(state, frame({ type: 'pong' }))).toEqual({ state, commands: [] });
    const answer: ServerFrame = {
      type: 'send_result',
      request_id: 'r1',
      error: { code: 'forbidden', message: 'no' },
    };
    expect(reduceSyncClient(state, frame(answer))).toEqual({
      state,
      commands: [{ type: 'send_result', frame: answer }],
    });
  });

  it('ignores frames when not connected', () => {
    const idle = initialSyncClientState(3);
    expect(reduceSyncClient(idle, delta(4))).toEqual({ state: idle, commands: [] });
  });
});

describe('sync client: disconnects and reconnects', () => {
  it('backs off exponentially while reconnects fail, and resets once live', () => {
    let state = run(initialSyncClientState(), { type: 'start' }).state;
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const closed = reduceSyncClient(state, { type: 'closed', code: 1006, jitter: 1 });
      const command = closed.commands[0];
      if (command?.type !== 'schedule_reconnect') throw new Error('expected a reconnect');
      delays.push(command.delayMs);
      state = reduceSyncClient(closed.state, { type: 'reconnect_timer_fired' }).state;
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const backLive = run(state, { type: 'opened' }, frame({ type: 'ready', seq: 0 }));
    const closed = reduceSyncClient(backLive.state, { type: 'closed', code: 1006, jitter: 1 });
    expect(closed.commands).toEqual([{ type: 'schedule_reconnect', delayMs: 500 }]);
  });

  it('resumes after a slow-consumer cut from the seq it had', () => {
    const cut = reduceSyncClient(live(12), {
      type: 'closed',
      code: SYNC_CLOSE.slowConsumer,
      jitter: 0,
    });
    expect(cut.state).toMatchObject({ status: 'waiting', lastSeq: 12, attempt: 1 });
    const opened = run(cut.state, { type: 'reconnect_timer_fired' }, { type: 'opened' });
    expect(opened.commands).toEqual([
      { type: 'send', frame: { type: 'hello', protocol: 1, last_seq: 12 } },
    ]);
  });

  it.each([
    [SYNC_CLOSE.unauthenticated, 'unauthenticated'],
    [SYNC_CLOSE.unsupportedProtocol, 'unsupported_protocol'],
    [SYNC_CLOSE.forbiddenOrigin, 'forbidden_origin'],
  ] as const)('stops for good on close code %i', (code, reason) => {
    const closed = reduceSyncClient(live(3), { type: 'closed', code, jitter: 0.5 });
    expect(closed.state).toEqual({ status: 'stopped', reason, lastSeq: 3, deviceId: null });
    expect(closed.commands).toEqual([]);
    // Logging in again starts over from the same seq.
    expect(reduceSyncClient(closed.state, { type: 'start' }).commands).toEqual([
      { type: 'open_socket' },
    ]);
  });

  it('ignores closes and timers that do not apply', () => {
    const idle = initialSyncClientState();
    expect(reduceSyncClient(idle, { type: 'closed', code: 1006, jitter: 0 }).state).toBe(idle);
    expect(reduceSyncClient(idle, { type: 'reconnect_timer_fired' }).state).toBe(idle);
    expect(reduceSyncClient(idle, { type: 'opened' }).state).toBe(idle);
    const liveState = live(0);
    expect(reduceSyncClient(liveState, { type: 'start' }).state).toBe(liveState);
  });

  it('stops on request, cancelling any reconnect, and stays stopped', () => {
    const waiting = reduceSyncClient(live(5), { type: 'closed', code: 1006, jitter: 0 }).state;
    const stopped = reduceSyncClient(waiting, { type: 'stop' });
    expect(stopped.state).toMatchObject({ status: 'stopped', reason: 'stopped', lastSeq: 5 });
    expect(stopped.commands).toEqual([{ type: 'cancel_reconnect' }, { type: 'close_socket' }]);
    expect(reduceSyncClient(stopped.state, { type: 'stop' }).commands).toEqual([]);
    expect(
      reduceSyncClient(stopped.state, { type: 'closed', code: 1006, jitter: 0 }).commands,
    ).toEqual([]);
  });
});

describe('reconnectDelayMs', () => {
  it('spreads half of the delay with the jitter and clamps the jitter', () => {
    expect(reconnectDelayMs(1, 0)).toBe(SYNC_TIMING.reconnectBaseMs / 2);
    expect(reconnectDelayMs(1, 0.5)).toBe(375);
    expect(reconnectDelayMs(1, 7)).toBe(500);
    expect(reconnectDelayMs(0, -1)).toBe(250);
    expect(reconnectDelayMs(50, 1)).toBe(SYNC_TIMING.reconnectMaxMs);
  });
});
