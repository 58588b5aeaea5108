import { describe, expect, it } from 'vitest';
import type { CallEvent, CallState } from './call-types';
import { CALLS } from '../constants';
import { CoreError } from '../errors';
import { IDLE_CALL, createCallReducer, reduceCall } from './call-reducer';
import { peer, peers, run, statesOf } from './call-test-fixtures';

const place = (count: number, kind: 'voice' | 'video' = 'video'): CallEvent => ({
  type: 'place_call',
  callId: 'call-1',
  kind,
  peers: peers(count),
  at: 1_000,
});

const ringing = (count = 1): CallState => reduceCall(IDLE_CALL, place(count)).state;

describe('createCallReducer config', () => {
  it('defaults to a 45 s ring timeout and 6 people, added to the constants', () => {
    expect(CALLS).toEqual({ ringTimeoutMs: 45_000, maxParticipants: 6 });
  });

  it('needs at least two people in a call and a positive ring timeout', () => {
    expect(() => createCallReducer({ maxParticipants: 2 })).not.toThrow();
    expect(() => createCallReducer({ maxParticipants: 1 })).toThrow(CoreError);
    expect(() => createCallReducer({ maxParticipants: 2.5 })).toThrow(/maxParticipants/);
    expect(() => createCallReducer({ ringTimeoutMs: 0 })).toThrow(/ringTimeoutMs/);
    expect(() => createCallReducer({ ringTimeoutMs: Number.NaN })).toThrow(CoreError);
    const thrown = (() => {
      try {
        createCallReducer({ maxParticipants: 0 });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toMatchObject({ code: 'invalid_call_config' });
  });
});

describe('placing a call', () => {
  it('rings the peers, starts media and schedules the ring timeout', () => {
    const { state, commands } = reduceCall(IDLE_CALL, place(2));
    expect(state).toMatchObject({
      status: 'outgoing_ringing',
      callId: 'call-1',
      direction: 'outgoing',
      startedAt: 1_000,
      media: { muted: false, cameraOff: false },
    });
    expect(statesOf(state)).toEqual({ p1: 'contacting', p2: 'contacting' });
    expect(commands).toEqual([
      { type: 'start_media', kind: 'video', media: { muted: false, cameraOff: false } },
      { type: 'ring_participants', participantIds: ['p1', 'p2'] },
      { type: 'start_ring_timer', durationMs: 45_000 },
    ]);
  });

  it('starts a voice call with the camera off and uses a configured ring timeout', () => {
    const reduce = createCallReducer({ ringTimeoutMs: 30_000 });
    const { state, commands } = reduce(IDLE_CALL, place(1, 'voice'));
    expect(state).toMatchObject({ media: { cameraOff: true } });
    expect(commands).toContainEqual({ type: 'start_ring_timer', durationMs: 30_000 });
  });

  it('refuses a call without peers or without an id', () => {
    expect(reduceCall(IDLE_CALL, place(0)).state).toBe(IDLE_CALL);
    const noId: CallEvent = { ...place(1), callId: '' } as CallEvent;
    const result = reduceCall(IDLE_CALL, noId);
    expect(result.state).toBe(IDLE_CALL);
    expect(result.commands).toEqual([]);
  });

  it('rings a peer listed twice once', () => {
    const { state, commands } = reduceCall(IDLE_CALL, {
      type: 'place_call',
      callId: 'c',
      kind: 'voice',
      peers: [peer('a'), peer('a')],
      at: 0,
    });
    expect(statesOf(state)).toEqual({ a: 'contacting' });
    expect(commands).toContainEqual({ type: 'ring_participants', participantIds: ['a'] });
  });

  it('admits 5 peers (6 people with the caller) and refuses the 6th peer', () => {
    expect(Object.values(statesOf(ringing(5)))).toEqual(Array(5).fill('contacting'));
    const { state, commands } = reduceCall(IDLE_CALL, place(6));
    expect(statesOf(state).p5).toBe('contacting');
    expect(statesOf(state).p6).toBe('participant_limit_reached');
    expect(commands).toContainEqual({
      type: 'ring_participants',
      participantIds: ['p1', 'p2', 'p3', 'p4', 'p5'],
    });
  });

  it('applies a configured limit', () => {
    const reduce = createCallReducer({ maxParticipants: 3 });
    expect(statesOf(reduce(IDLE_CALL, place(3)).state)).toEqual({
      p1: 'contacting',
      p2: 'contacting',
      p3: 'participant_limit_reached',
    });
  });
});

describe('while ringing out', () => {
  it('moves a peer from contacting to ringing once', () => {
    const event: CallEvent = { type: 'remote_ringing', participantId: 'p1', at: 2_000 };
    const once = reduceCall(ringing(), event);
    expect(statesOf(once.state)).toEqual({ p1: 'ringing' });
    expect(once.commands).toEqual([]);
    expect(reduceCall(once.state, event).state).toBe(once.state);
    const unknown = reduceCall(once.state, { ...event, participantId: 'zz' });
    expect(unknown.state).toBe(once.state);
  });

  it('ends as no answer when the ring timeout fires, without cancelling the fired timer', () => {
    const { state, commands } = reduceCall(ringing(2), { type: 'ring_timeout', at: 46_000 });
    expect(state).toMatchObject({ status: 'ended', reason: 'no_answer', connectedAt: null });
    expect(statesOf(state)).toEqual({ p1: 'no_answer', p2: 'no_answer' });
    expect(commands).toEqual([{ type: 'stop_media' }, { type: 'send_hangup' }]);
  });

  it('ends as no answer when the only peer rejects, keeping them as rejected', () => {
    const { state, commands } = reduceCall(ringing(), {
      type: 'remote_rejected',
      participantId: 'p1',
      at: 2_000,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'no_answer', endedAt: 2_000 });
    expect(statesOf(state)).toEqual({ p1: 'rejected' });
    expect(commands).toEqual([
      { type: 'stop_media' },
      { type: 'send_hangup' },
      { type: 'cancel_ring_timer' },
    ]);
  });

  it('keeps ringing while another peer is still rung; the last outcome names the end', () => {
    const first = reduceCall(ringing(2), {
      type: 'remote_rejected',
      participantId: 'p1',
      at: 2_000,
    });
    expect(first.state.status).toBe('outgoing_ringing');
    expect(first.commands).toEqual([]);
    const last = reduceCall(first.state, {
      type: 'remote_unreachable',
      participantId: 'p2',
      at: 3_000,
    });
    expect(last.state).toMatchObject({ status: 'ended', reason: 'unreachable' });
  });

  it('ends as in another call when the peer is busy elsewhere', () => {
    const { state } = reduceCall(ringing(), {
      type: 'remote_in_another_call',
      participantId: 'p1',
      at: 2_000,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'in_another_call' });
    expect(statesOf(state)).toEqual({ p1: 'in_another_call' });
  });

  it('ignores a rejection from someone not being rung', () => {
    const joined = run(ringing(2), [{ type: 'remote_joined', participantId: 'p1', at: 2_000 }]);
    const again = reduceCall(joined.state, {
      type: 'remote_rejected',
      participantId: 'p1',
      at: 2_500,
    });
    expect(again.state).toBe(joined.state);
  });

  it('starts connecting when a peer joins and cancels the timer once nobody is rung', () => {
    const one = reduceCall(ringing(), { type: 'remote_joined', participantId: 'p1', at: 5_000 });
    expect(one.state.status).toBe('connecting');
    expect(statesOf(one.state)).toEqual({ p1: 'connecting' });
    expect(one.commands).toEqual([{ type: 'cancel_ring_timer' }]);

    const two = reduceCall(ringing(2), { type: 'remote_joined', participantId: 'p1', at: 5_000 });
    expect(statesOf(two.state)).toEqual({ p1: 'connecting', p2: 'contacting' });
    expect(two.commands).toEqual([]);
  });

  it('hangs up: everyone rung is dropped, the timer cancelled and media stopped', () => {
    const { state, commands } = reduceCall(ringing(), { type: 'hang_up', at: 3_000 });
    expect(state).toMatchObject({ status: 'ended', reason: 'hung_up', endedAt: 3_000 });
    expect(statesOf(state)).toEqual({ p1: 'disconnected' });
    expect(commands).toEqual([
      { type: 'stop_media' },
      { type: 'send_hangup' },
      { type: 'cancel_ring_timer' },
    ]);
  });

  it('ignores ICE changes before anyone has answered and events meant for the callee', () => {
    const state = ringing();
    for (const event of [
      { type: 'ice_state', state: 'connected', at: 1 },
      { type: 'answer', at: 1 },
      { type: 'reject', at: 1 },
      { type: 'dismiss', at: 1 },
      { type: 'place_call', callId: 'x', kind: 'voice', peers: [peer('q')], at: 1 },
    ] satisfies CallEvent[]) {
      expect(reduceCall(state, event)).toEqual({ state, commands: [] });
    }
  });
});
