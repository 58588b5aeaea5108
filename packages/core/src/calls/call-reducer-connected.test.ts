import { describe, expect, it } from 'vitest';
import type { CallEvent, CallState } from './call-types';
import { IDLE_CALL, createCallReducer, reduceCall } from './call-reducer';
import { peer, peers, run, statesOf } from './call-test-fixtures';

/** A video call with `count` peers who all answered, connected at t=10 000. */
function connected(count = 1, reduce = reduceCall): CallState {
  const events: CallEvent[] = [
    { type: 'place_call', callId: 'c', kind: 'video', peers: peers(count), at: 0 },
    ...peers(count).map((p): CallEvent => ({
      type: 'remote_joined',
      participantId: p.id,
      at: 5_000,
    })),
    { type: 'ice_state', state: 'connected', at: 10_000 },
  ];
  return run(IDLE_CALL, events, reduce).state;
}

describe('connecting', () => {
  const connecting = run(IDLE_CALL, [
    { type: 'place_call', callId: 'c', kind: 'voice', peers: [peer('a')], at: 0 },
    { type: 'remote_joined', participantId: 'a', at: 1_000 },
  ]).state;

  it('becomes connected when ICE connects, recording when', () => {
    const { state, commands } = reduceCall(connecting, {
      type: 'ice_state',
      state: 'connected',
      at: 2_000,
    });
    expect(state).toMatchObject({ status: 'connected', connectedAt: 2_000 });
    expect(statesOf(state)).toEqual({ a: 'connected' });
    expect(commands).toEqual([]);
  });

  it('waits through checking and disconnected', () => {
    for (const ice of ['checking', 'disconnected'] as const) {
      expect(reduceCall(connecting, { type: 'ice_state', state: ice, at: 2 }).state).toBe(
        connecting,
      );
    }
  });

  it("ends as can't connect when ICE fails before ever connecting", () => {
    const { state, commands } = reduceCall(connecting, {
      type: 'ice_state',
      state: 'failed',
      at: 3_000,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'cannot_connect', connectedAt: null });
    expect(commands).toEqual([{ type: 'stop_media' }, { type: 'send_hangup' }]);
  });
});

describe('connected and reconnecting', () => {
  it('reconnects with an ICE restart when ICE disconnects or fails', () => {
    for (const ice of ['disconnected', 'failed'] as const) {
      const { state, commands } = reduceCall(connected(), { type: 'ice_state', state: ice, at: 1 });
      expect(state.status).toBe('reconnecting');
      expect(commands).toEqual([{ type: 'ice_restart' }]);
    }
    const steady = connected();
    expect(reduceCall(steady, { type: 'ice_state', state: 'checking', at: 1 }).state).toBe(steady);
    expect(reduceCall(steady, { type: 'ice_state', state: 'connected', at: 1 }).state).toBe(steady);
  });

  it('returns to connected keeping the first connection time', () => {
    const { state } = run(connected(), [
      { type: 'ice_state', state: 'disconnected', at: 20_000 },
      { type: 'ice_state', state: 'checking', at: 21_000 },
      { type: 'ice_state', state: 'disconnected', at: 21_500 },
      { type: 'ice_state', state: 'connected', at: 22_000 },
    ]);
    expect(state).toMatchObject({ status: 'connected', connectedAt: 10_000 });
  });

  it('ends as connection lost when ICE fails while reconnecting', () => {
    const { state, commands } = run(connected(), [
      { type: 'ice_state', state: 'disconnected', at: 20_000 },
      { type: 'ice_state', state: 'failed', at: 30_000 },
    ]);
    expect(state).toMatchObject({
      status: 'ended',
      reason: 'connection_lost',
      connectedAt: 10_000,
      endedAt: 30_000,
    });
    expect(commands.slice(-2)).toEqual([{ type: 'stop_media' }, { type: 'send_hangup' }]);
  });

  it('lets someone join while reconnecting as connecting, then connects them', () => {
    const { state } = run(connected(), [
      { type: 'ice_state', state: 'disconnected', at: 20_000 },
      { type: 'remote_joined', participantId: 'n', profile: peer('n').profile, at: 20_500 },
    ]);
    expect(statesOf(state)).toEqual({ p1: 'connected', n: 'connecting' });
    const back = reduceCall(state, { type: 'ice_state', state: 'connected', at: 21_000 });
    expect(statesOf(back.state)).toEqual({ p1: 'connected', n: 'connected' });
  });

  it('ends for all when the last peer leaves', () => {
    const group = connected(2);
    const oneLeft = reduceCall(group, { type: 'remote_left', participantId: 'p1', at: 50_000 });
    expect(oneLeft.state.status).toBe('connected');
    expect(statesOf(oneLeft.state)).toEqual({ p1: 'disconnected', p2: 'connected' });
    expect(oneLeft.commands).toEqual([]);

    const { state, commands } = reduceCall(oneLeft.state, {
      type: 'remote_left',
      participantId: 'p2',
      at: 60_000,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'hung_up', endedAt: 60_000 });
    expect(commands).toEqual([{ type: 'stop_media' }, { type: 'send_hangup' }]);
    expect(
      reduceCall(oneLeft.state, { type: 'remote_left', participantId: 'p1', at: 1 }).state,
    ).toBe(oneLeft.state);
  });

  it('ends as connection dropped when the last peer drops', () => {
    const { state } = reduceCall(connected(), {
      type: 'remote_left',
      participantId: 'p1',
      dropped: true,
      at: 1,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'connection_dropped' });
    expect(statesOf(state)).toEqual({ p1: 'connection_dropped' });
  });

  it('admits joiners up to 6 people and refuses the next one', () => {
    const full = connected(5);
    const refused = reduceCall(full, {
      type: 'remote_joined',
      participantId: 'late',
      profile: peer('late').profile,
      at: 1,
    });
    expect(refused.state.status).toBe('connected');
    expect(statesOf(refused.state).late).toBe('participant_limit_reached');

    const four = connected(4);
    const admitted = reduceCall(four, {
      type: 'remote_joined',
      participantId: 'late',
      profile: peer('late').profile,
      at: 1,
    });
    expect(statesOf(admitted.state).late).toBe('connected');
  });

  it('ignores a join from someone already in the call or unknown without a profile', () => {
    const state = connected();
    expect(reduceCall(state, { type: 'remote_joined', participantId: 'p1', at: 1 }).state).toBe(
      state,
    );
    expect(reduceCall(state, { type: 'remote_joined', participantId: 'x', at: 1 }).state).toBe(
      state,
    );
  });

  it('lets a person who was refused join once a place is free', () => {
    const reduce = createCallReducer({ maxParticipants: 3 });
    const join = (id: string, at: number): CallEvent => ({
      type: 'remote_joined',
      participantId: id,
      profile: peer(id).profile,
      at,
    });
    const refused = run(connected(1, reduce), [join('x', 1), join('y', 2)], reduce).state;
    expect(statesOf(refused)).toEqual({
      p1: 'connected',
      x: 'connected',
      y: 'participant_limit_reached',
    });
    const { state } = run(
      refused,
      [{ type: 'remote_left', participantId: 'x', at: 3 }, join('y', 4)],
      reduce,
    );
    expect(statesOf(state)).toEqual({ p1: 'connected', x: 'disconnected', y: 'connected' });
  });
});

describe('inviting while in a call', () => {
  it('rings invitees, starting the ring timer only for the first one rung', () => {
    const first = reduceCall(connected(), { type: 'invite', peers: [peer('n')], at: 1 });
    expect(statesOf(first.state).n).toBe('contacting');
    expect(first.commands).toEqual([
      { type: 'ring_participants', participantIds: ['n'] },
      { type: 'start_ring_timer', durationMs: 45_000 },
    ]);
    const second = reduceCall(first.state, { type: 'invite', peers: [peer('m')], at: 2 });
    expect(second.commands).toEqual([{ type: 'ring_participants', participantIds: ['m'] }]);
  });

  it('marks unanswered invitees as no answer on the ring timeout and carries on', () => {
    const { state, commands } = run(connected(), [
      { type: 'invite', peers: [peer('n')], at: 1 },
      { type: 'ring_timeout', at: 45_001 },
    ]);
    expect(state.status).toBe('connected');
    expect(statesOf(state)).toEqual({ p1: 'connected', n: 'no_answer' });
    expect(commands).not.toContainEqual({ type: 'cancel_ring_timer' });
  });

  it('cancels the ring timer when the last invitee answers or declines', () => {
    const { commands } = run(connected(), [
      { type: 'invite', peers: [peer('n')], at: 1 },
      { type: 'remote_rejected', participantId: 'n', at: 2 },
    ]);
    expect(commands.at(-1)).toEqual({ type: 'cancel_ring_timer' });
  });

  it('ignores empty invites, invites of people already in, and stale ring timeouts', () => {
    const state = connected();
    expect(reduceCall(state, { type: 'invite', peers: [], at: 1 }).state).toBe(state);
    expect(reduceCall(state, { type: 'invite', peers: [peer('p1')], at: 1 }).state).toBe(state);
    expect(reduceCall(state, { type: 'ring_timeout', at: 1 }).state).toBe(state);
  });

  it('refuses an invitee over the limit without ringing them', () => {
    const { state, commands } = reduceCall(connected(5), {
      type: 'invite',
      peers: [peer('n')],
      at: 1,
    });
    expect(statesOf(state).n).toBe('participant_limit_reached');
    expect(commands).toEqual([]);
  });

  it('ends as no answer when the only other person left while an invitee never answered', () => {
    const { state } = run(connected(), [
      { type: 'invite', peers: [peer('n')], at: 1 },
      { type: 'remote_left', participantId: 'p1', at: 2 },
      { type: 'ring_timeout', at: 45_001 },
    ]);
    expect(state).toMatchObject({ status: 'ended', reason: 'no_answer' });
  });
});

describe('local media, failures and hanging up', () => {
  it('mutes and turns the camera off, ignoring changes that change nothing', () => {
    const state = connected();
    const muted = reduceCall(state, { type: 'set_media', muted: true, at: 1 });
    expect(muted.state).toMatchObject({ media: { muted: true, cameraOff: false } });
    expect(muted.commands).toEqual([
      { type: 'apply_local_media', media: { muted: true, cameraOff: false } },
      { type: 'send_media', media: { muted: true, cameraOff: false } },
    ]);
    const camera = reduceCall(muted.state, { type: 'set_media', cameraOff: true, at: 2 });
    expect(camera.state).toMatchObject({ media: { muted: true, cameraOff: true } });
    expect(reduceCall(camera.state, { type: 'set_media', muted: true, at: 3 }).state).toBe(
      camera.state,
    );
    expect(reduceCall(camera.state, { type: 'set_media', at: 3 }).state).toBe(camera.state);
  });

  it('keeps what each remote told of their microphone and camera, for their tile', () => {
    const state = connected(2);
    const off = reduceCall(state, {
      type: 'remote_media',
      participantId: 'p1',
      muted: true,
      cameraOff: true,
      at: 20_000,
    });
    expect(off.commands).toEqual([]);
    expect(off.state).toMatchObject({
      status: 'connected',
      participants: {
        p1: { state: 'connected', media: { muted: true, cameraOff: true } },
        p2: { state: 'connected' },
      },
    });
    if (off.state.status !== 'connected') throw new Error('not connected');
    expect(off.state.participants.p2?.media).toBeUndefined();
    // Told again unchanged: nothing changes; a stranger's frame is refused.
    const again = {
      type: 'remote_media',
      participantId: 'p1',
      muted: true,
      cameraOff: true,
      at: 1,
    };
    expect(reduceCall(off.state, again as CallEvent).state).toBe(off.state);
    const stranger = { ...again, participantId: 'nobody' } as CallEvent;
    expect(reduceCall(off.state, stranger).state).toBe(off.state);
    const on = reduceCall(off.state, { ...again, cameraOff: false } as CallEvent);
    expect(on.state).toMatchObject({
      participants: { p1: { media: { muted: true, cameraOff: false } } },
    });
  });

  it('ends with the reported failure and stops media', () => {
    const { state, commands } = reduceCall(connected(), {
      type: 'call_failed',
      reason: 'encryption_error',
      at: 70_000,
    });
    expect(state).toMatchObject({ status: 'ended', reason: 'encryption_error' });
    expect(commands).toEqual([{ type: 'stop_media' }]);
  });

  it('hangs up and can then be dismissed back to idle; nothing else moves an ended call', () => {
    const { state, commands } = reduceCall(connected(2), { type: 'hang_up', at: 70_000 });
    expect(state).toMatchObject({ status: 'ended', reason: 'hung_up', connectedAt: 10_000 });
    expect(statesOf(state)).toEqual({ p1: 'disconnected', p2: 'disconnected' });
    expect(commands).toEqual([{ type: 'stop_media' }, { type: 'send_hangup' }]);
    expect(reduceCall(state, { type: 'hang_up', at: 1 }).state).toBe(state);
    expect(reduceCall(state, { type: 'dismiss', at: 1 }).state).toEqual({ status: 'idle' });
  });

  it('ignores events that make no sense when idle', () => {
    for (const event of [
      { type: 'answer', at: 1 },
      { type: 'hang_up', at: 1 },
      { type: 'dismiss', at: 1 },
    ] satisfies CallEvent[]) {
      expect(reduceCall(IDLE_CALL, event)).toEqual({ state: IDLE_CALL, commands: [] });
    }
  });
});
