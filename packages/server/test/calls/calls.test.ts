import type { CallActionFrame, ServerFrame, WireCall } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/features/accounts/viewer';
import { createGroup } from '../../src/features/messaging/group-service';
import { sendMessage } from '../../src/features/messaging/send-service';
import { dialectsUnderTest } from '../support/test-db';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { pause, type SyncClient } from '../sync/support/socket';
import { PEOPLE, viewerOf, type PersonName } from '../sync/support/world';

const dialects = await dialectsUnderTest();

let ids = 0;
const newCallId = (): string => `${Date.now()}${String(++ids).padStart(4, '0')}`;

/** A socket that said hello as device `device`. */
async function device(live: LiveApp, name: PersonName, deviceId: string): Promise<SyncClient> {
  const socket = await live.socket(name);
  socket.send({ type: 'hello', protocol: 1, last_seq: 0, device_id: deviceId });
  await socket.waitFor((f) => f.type === 'ready');
  return socket;
}

type Action = Omit<CallActionFrame, 'type' | 'request_id'>;

async function act(
  socket: SyncClient,
  action: Action,
): Promise<Extract<ServerFrame, { type: 'call_result' }>> {
  const requestId = `r${String(++ids)}`;
  socket.send({ type: 'call_action', request_id: requestId, ...action });
  const result = await socket.waitFor(
    (f) => f.type === 'call_result' && f.request_id === requestId,
  );
  if (result.type !== 'call_result') throw new Error('unreachable');
  return result;
}

/** The newest call_updated delta for `callId` that passes `test`. */
async function callUpdate(
  socket: SyncClient,
  callId: string,
  test: (call: WireCall) => boolean,
  timeoutMs = 5000,
): Promise<WireCall> {
  const frame = await socket.waitFor(
    (f) =>
      f.type === 'delta' &&
      f.delta.kind === 'call_updated' &&
      f.delta.call.call_id === callId &&
      test(f.delta.call),
    0,
    timeoutMs,
  );
  if (frame.type !== 'delta' || frame.delta.kind !== 'call_updated') throw new Error('unreachable');
  return frame.delta.call;
}

const stateOf = (call: WireCall, userId: string): string | undefined =>
  call.participants.find((p) => p.user_id === userId)?.state;

describe.each(dialects)('calls over the sync socket (%s)', (dialect) => {
  let live: LiveApp;
  let ann: Viewer;
  let directThread: string;
  let groupThread: string;

  beforeAll(async () => {
    live = await startLiveApp(dialect, {
      env: { CALL_RING_TIMEOUT_MS: '400', CALL_PARTICIPANT_LIMIT: '2', CALL_DROP_GRACE_MS: '200' },
    });
    ann = await viewerOf(live.db, PEOPLE.ann);
    const sent = await sendMessage(live.ctx, ann, {
      recipient_id: PEOPLE.ben,
      text: 'call me',
      offline_threading_id: 'calls-1',
    });
    directThread = sent.message.thread_id;
    const group = await createGroup(live.ctx, ann, {
      participant_ids: [PEOPLE.ben, PEOPLE.dot],
    });
    groupThread = group.thread_id;
  });
  afterAll(async () => {
    await live.dispose();
  });

  it('rings every device of the callee, answers on one, relays signals to exactly that device, ends on hang up with a summary', async () => {
    const a = await device(live, 'ann', 'ann-1');
    const b1 = await device(live, 'ben', 'ben-1');
    const b2 = await device(live, 'ben', 'ben-2');
    const callId = newCallId();
    const started = await act(a, {
      action: 'start',
      call_id: callId,
      thread_id: directThread,
      kind: 'video',
    });
    expect(started.error).toBeUndefined();
    expect(started.ice_servers).toEqual([]);
    expect(started.call).toMatchObject({ status: 'ringing', kind: 'video', max_participants: 2 });
    for (const socket of [b1, b2]) {
      const call = await callUpdate(socket, callId, (c) => stateOf(c, PEOPLE.ben) === 'ringing');
      expect(stateOf(call, PEOPLE.ann)).toBe('connected');
    }
    const answered = await act(b1, { action: 'answer', call_id: callId });
    expect(answered.call?.status).toBe('active');
    expect(answered.call?.participants.find((p) => p.user_id === PEOPLE.ben)).toMatchObject({
      state: 'connected',
      device_id: 'ben-1',
    });
    // The other device learns the call was answered elsewhere.
    await callUpdate(b2, callId, (c) => c.status === 'active');

    const offer = { description: { type: 'offer', sdp: 'v=0' } } as const;
    a.send({ type: 'call_signal', call_id: callId, to_device: 'ben-1', payload: offer });
    const got = await b1.waitFor((f) => f.type === 'call_signal');
    expect(got).toEqual({
      type: 'call_signal',
      call_id: callId,
      from_user: PEOPLE.ann,
      from_device: 'ann-1',
      payload: offer,
    });
    // A device that is not in the call can neither send nor be sent signals.
    b2.send({
      type: 'call_signal',
      call_id: callId,
      to_device: 'ann-1',
      payload: { candidate: null },
    });
    expect(await b2.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'not_in_call' });
    a.send({
      type: 'call_signal',
      call_id: callId,
      to_device: 'ben-2',
      payload: { candidate: null },
    });
    expect(await a.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'not_in_call' });
    await pause(100);
    expect(b2.frames.filter((f) => f.type === 'call_signal')).toEqual([]);

    await act(b1, { action: 'hangup', call_id: callId });
    const ended = await callUpdate(a, callId, (c) => c.status === 'ended');
    expect(stateOf(ended, PEOPLE.ann)).toBe('disconnected');
    expect(stateOf(ended, PEOPLE.ben)).toBe('disconnected');
    const summary = await a.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'message_new' &&
        f.delta.message.kind === 'call_summary',
    );
    expect(summary).toMatchObject({
      delta: { message: { thread_id: directThread, text: 'Video call · 0 sec' } },
    });
    await Promise.all([a.close(), b1.close(), b2.close()]);
  });

  it('a reject ends a one-to-one call as missed', async () => {
    const a = await device(live, 'ann', 'ann-r');
    const b = await device(live, 'ben', 'ben-r');
    const callId = newCallId();
    await act(a, { action: 'start', call_id: callId, thread_id: directThread, kind: 'voice' });
    await callUpdate(b, callId, (c) => stateOf(c, PEOPLE.ben) === 'ringing');
    const rejected = await act(b, { action: 'reject', call_id: callId });
    expect(rejected.call).toMatchObject({ status: 'ended' });
    expect(stateOf(rejected.call as WireCall, PEOPLE.ben)).toBe('rejected');
    const summary = await a.waitFor(
      (f) =>
        f.type === 'delta' &&
        f.delta.kind === 'message_new' &&
        f.delta.message.kind === 'call_summary' &&
        f.delta.message.text === 'Missed voice call',
    );
    expect(summary).toMatchObject({ delta: { message: { text: 'Missed voice call' } } });
    await Promise.all([a.close(), b.close()]);
  });

  it('an unanswered ring times out as no answer and ends the call', async () => {
    const a = await device(live, 'ann', 'ann-t');
    const callId = newCallId();
    await act(a, { action: 'start', call_id: callId, thread_id: directThread, kind: 'video' });
    const ended = await callUpdate(a, callId, (c) => c.status === 'ended', 3000);
    expect(stateOf(ended, PEOPLE.ben)).toBe('no_answer');
    await a.close();
  });

  it('refuses one more than the participant limit, and someone already in a call is in another call', async () => {
    const a = await device(live, 'ann', 'ann-g');
    const b = await device(live, 'ben', 'ben-g');
    const d = await device(live, 'dot', 'dot-g');
    const callId = newCallId();
    const started = await act(a, {
      action: 'start',
      call_id: callId,
      thread_id: groupThread,
      kind: 'video',
    });
    // Limit 2: ann and ben fill the call; dot is not rung.
    expect(stateOf(started.call as WireCall, PEOPLE.ben)).toBe('ringing');
    expect(stateOf(started.call as WireCall, PEOPLE.dot)).toBe('participant_limit_reached');
    await act(b, { action: 'answer', call_id: callId });
    const joined = await act(d, { action: 'join', call_id: callId });
    expect(stateOf(joined.call as WireCall, PEOPLE.dot)).toBe('participant_limit_reached');
    expect(joined.call?.participants.filter((p) => p.state === 'connected')).toHaveLength(2);

    // Dot calls ben, who is in the group call: 'In Another Call', and the call ends at once.
    const other = newCallId();
    const busy = await act(d, {
      action: 'start',
      call_id: other,
      thread_id: groupThread,
      kind: 'voice',
      user_ids: [PEOPLE.ben],
    });
    expect(busy.call?.status).toBe('ended');
    expect(stateOf(busy.call as WireCall, PEOPLE.ben)).toBe('in_another_call');
    // The caller cannot start a second call while in one.
    const twice = await act(a, {
      action: 'start',
      call_id: newCallId(),
      thread_id: directThread,
      kind: 'voice',
    });
    expect(twice.error).toMatchObject({ code: 'in_another_call' });
    await act(a, { action: 'hangup', call_id: callId });
    await callUpdate(d, callId, (c) => c.status === 'ended');
    await Promise.all([a.close(), b.close(), d.close()]);
  });

  it('a device that leaves without hanging up drops out after the grace period', async () => {
    const a = await device(live, 'ann', 'ann-x');
    const b = await device(live, 'ben', 'ben-x');
    const callId = newCallId();
    await act(a, { action: 'start', call_id: callId, thread_id: directThread, kind: 'voice' });
    await act(b, { action: 'answer', call_id: callId });
    await b.close();
    const ended = await callUpdate(a, callId, (c) => c.status === 'ended', 3000);
    expect(stateOf(ended, PEOPLE.ben)).toBe('connection_dropped');
    await a.close();
  });

  it('does not ring someone the caller blocked unless told to (the picker warned)', async () => {
    await live.db.kysely
      .insertInto('blocks')
      .values({ blocker_id: PEOPLE.ann, blocked_id: PEOPLE.dot })
      .execute();
    try {
      const a = await device(live, 'ann', 'ann-b');
      const quiet = await act(a, {
        action: 'start',
        call_id: newCallId(),
        thread_id: groupThread,
        kind: 'voice',
        user_ids: [PEOPLE.dot],
      });
      expect(stateOf(quiet.call as WireCall, PEOPLE.dot)).toBe('unreachable');
      expect(quiet.call?.status).toBe('ended');
      const callId = newCallId();
      const rung = await act(a, {
        action: 'start',
        call_id: callId,
        thread_id: groupThread,
        kind: 'voice',
        user_ids: [PEOPLE.dot],
        ring_blocked: true,
      });
      expect(stateOf(rung.call as WireCall, PEOPLE.dot)).toBe('ringing');
      await act(a, { action: 'hangup', call_id: callId });
      await a.close();
    } finally {
      await live.db.kysely.deleteFrom('blocks').where('blocker_id', '=', PEOPLE.ann).execute();
    }
  });

  it('validates call frames at the edge and checks membership', async () => {
    const a = await device(live, 'ann', 'ann-v');
    const missing = await act(a, { action: 'start', call_id: newCallId(), kind: 'video' });
    expect(missing.error).toMatchObject({ code: 'bad_request', field: 'thread_id' });
    const c = await device(live, 'cal', 'cal-v');
    const outsider = await act(c, {
      action: 'start',
      call_id: newCallId(),
      thread_id: directThread,
      kind: 'video',
    });
    expect(outsider.error).toMatchObject({ code: 'forbidden' });
    c.send({ type: 'call_action', request_id: 'x', action: 'start', call_id: 'not digits' });
    expect(await c.waitFor((f) => f.type === 'error')).toMatchObject({ code: 'bad_frame' });
    await Promise.all([a.close(), c.close()]);
  });
});
