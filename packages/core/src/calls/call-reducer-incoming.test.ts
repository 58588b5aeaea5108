import { describe, expect, it } from 'vitest';
import type { CallEvent, CallState } from './call-types';
import { IDLE_CALL, createCallReducer, reduceCall } from './call-reducer';
import { peer, peers, run, statesOf } from './call-test-fixtures';

const incomingEvent = (others = 0): CallEvent => ({
  type: 'incoming_call',
  callId: 'in-1',
  kind: 'video',
  caller: peer('caller'),
  others: peers(others),
  at: 1_000,
});

const incoming = (others = 0, reduce = reduceCall): CallState =>
  reduce(IDLE_CALL, incomingEvent(others)).state;

describe('an incoming call', () => {
  it('rings locally with the caller in the call and schedules the ring timeout', () => {
    const { state, commands } = reduceCall(IDLE_CALL, incomingEvent(1));
    expect(state).toMatchObject({
      status: 'incoming_ringing',
      direction: 'incoming',
      startedAt: 1_000,
    });
    expect(statesOf(state)).toEqual({ caller: 'connected', p1: 'connected' });
    expect(commands).toEqual([{ type: 'start_ring_timer', durationMs: 45_000 }]);
  });

  it('accepts a call without others and refuses one without an id', () => {
    const bare = reduceCall(IDLE_CALL, {
      type: 'incoming_call',
      callId: 'x',
      kind: 'voice',
      caller: peer('caller'),
      at: 0,
    }).state;
    expect(statesOf(bare)).toEqual({ caller: 'connected' });
    expect(bare).toMatchObject({ media: { cameraOff: true } });
    const noId = { ...incomingEvent(), callId: '' } as CallEvent;
    expect(reduceCall(IDLE_CALL, noId).state).toBe(IDLE_CALL);
  });

  it('answers: stops ringing, starts media with the chosen flags, connects to everyone', () => {
    const { state, commands } = run(incoming(1), [
      { type: 'set_media', muted: true, at: 1_500 },
      { type: 'answer', at: 2_000 },
    ]);
    expect(state.status).toBe('connecting');
    expect(statesOf(state)).toEqual({ caller: 'connecting', p1: 'connecting' });
    expect(commands).toEqual([
      { type: 'cancel_ring_timer' },
      { type: 'start_media', kind: 'video', media: { muted: true, cameraOff: false } },
      { type: 'send_answer' },
    ]);
  });

  it('ignores a media change that changes nothing before answering', () => {
    const state = incoming();
    expect(reduceCall(state, { type: 'set_media', muted: false, at: 1 }).state).toBe(state);
  });

  it('joins with 5 others in the call (6 people) and is refused with 6 others', () => {
    expect(reduceCall(incoming(4), { type: 'answer', at: 2 }).state.status).toBe('connecting');
    const { state, commands } = reduceCall(incoming(5), { type: 'answer', at: 2 });
    expect(state).toMatchObject({ status: 'ended', reason: 'participant_limit_reached' });
    expect(commands).toEqual([{ type: 'cancel_ring_timer' }, { type: 'send_reject' }]);
  });

  it('applies a configured limit when answering', () => {
    const reduce = createCallReducer({ maxParticipants: 3 });
    expect(reduce(incoming(1, reduce), { type: 'answer', at: 2 }).state.status).toBe('connecting');
    expect(reduce(incoming(2, reduce), { type: 'answer', at: 2 }).state).toMatchObject({
      reason: 'participant_limit_reached',
    });
  });

  it('ends as no answer when rejected, telling the server', () => {
    const { state, commands } = reduceCall(incoming(), { type: 'reject', at: 3_000 });
    expect(state).toMatchObject({ status: 'ended', reason: 'no_answer', connectedAt: null });
    expect(commands).toEqual([{ type: 'cancel_ring_timer' }, { type: 'send_reject' }]);
  });

  it('ends as no answer when the ring timeout fires', () => {
    const { state, commands } = reduceCall(incoming(), { type: 'ring_timeout', at: 46_000 });
    expect(state).toMatchObject({ status: 'ended', reason: 'no_answer', endedAt: 46_000 });
    expect(commands).toEqual([]);
  });

  it('ends as missed when everyone hangs up before it is answered', () => {
    const group = incoming(1);
    const one = reduceCall(group, { type: 'remote_left', participantId: 'caller', at: 2 });
    expect(one.state.status).toBe('incoming_ringing');
    expect(statesOf(one.state)).toEqual({ caller: 'disconnected', p1: 'connected' });
    const last = reduceCall(one.state, {
      type: 'remote_left',
      participantId: 'p1',
      dropped: true,
      at: 3,
    });
    expect(last.state).toMatchObject({ status: 'ended', reason: 'no_answer' });
    expect(statesOf(last.state)).toEqual({ caller: 'disconnected', p1: 'connection_dropped' });
    expect(last.commands).toEqual([{ type: 'cancel_ring_timer' }]);
    expect(
      reduceCall(one.state, { type: 'remote_left', participantId: 'caller', at: 4 }).state,
    ).toBe(one.state);
  });

  it('shows people joining while it rings', () => {
    const state = incoming();
    const joined = reduceCall(state, {
      type: 'remote_joined',
      participantId: 'n',
      profile: peer('n').profile,
      at: 2,
    });
    expect(statesOf(joined.state)).toEqual({ caller: 'connected', n: 'connected' });
    expect(reduceCall(state, { type: 'remote_joined', participantId: 'caller', at: 2 }).state).toBe(
      state,
    );
    expect(reduceCall(state, { type: 'remote_joined', participantId: 'z', at: 2 }).state).toBe(
      state,
    );
  });

  it('ends with a reported failure', () => {
    const { state, commands } = reduceCall(incoming(), {
      type: 'call_failed',
      reason: 'wifi_required',
      at: 2,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'wifi_required' });
    expect(commands).toEqual([{ type: 'cancel_ring_timer' }]);
  });

  it('ignores hang up (reject it instead) and events for the caller side', () => {
    const state = incoming();
    for (const event of [
      { type: 'hang_up', at: 1 },
      { type: 'invite', peers: [peer('q')], at: 1 },
      { type: 'ice_state', state: 'connected', at: 1 },
    ] satisfies CallEvent[]) {
      expect(reduceCall(state, event)).toEqual({ state, commands: [] });
    }
  });
});
