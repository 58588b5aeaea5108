import { describe, expect, it } from 'vitest';
import { IDLE_CALL, reduceCall } from './call-reducer';
import { showsCallWindow } from './call-window';
import { peer, run, statesOf } from './call-test-fixtures';
import { statusText } from './status-text';

const rungHere = () =>
  reduceCall(IDLE_CALL, {
    type: 'incoming_call',
    callId: 'c',
    kind: 'voice',
    caller: peer('caller'),
    others: [],
    at: 0,
  }).state;

const placed = (count: number) =>
  reduceCall(IDLE_CALL, {
    type: 'place_call',
    callId: 'c',
    kind: 'voice',
    peers: Array.from({ length: count }, (_, i) => peer(`p${String(i + 1)}`)),
    at: 0,
  }).state;

describe('showsCallWindow', () => {
  it('shows nothing to a callee who declined, let it ring out, or whose caller gave up', () => {
    expect(showsCallWindow(rungHere())).toBe(false);
    expect(showsCallWindow(run(rungHere(), [{ type: 'reject', at: 1 }]).state)).toBe(false);
    expect(showsCallWindow(run(rungHere(), [{ type: 'ring_timeout', at: 1 }]).state)).toBe(false);
    const gaveUp = run(rungHere(), [{ type: 'remote_left', participantId: 'caller', at: 1 }]);
    expect(showsCallWindow(gaveUp.state)).toBe(false);
  });

  it('shows the caller their No Answer, and a callee a call they answered', () => {
    const declined = run(placed(1), [{ type: 'remote_rejected', participantId: 'p1', at: 1 }]);
    expect(showsCallWindow(declined.state)).toBe(true);
    const answered = run(rungHere(), [{ type: 'answer', at: 1 }]).state;
    expect(showsCallWindow(answered)).toBe(true);
    expect(showsCallWindow(IDLE_CALL)).toBe(false);
  });
});

describe('the participant limit', () => {
  it('shows a person the server refused as Participant Limit Reached, not Connecting', () => {
    const ringing = placed(2);
    const joined = run(ringing, [
      { type: 'remote_joined', participantId: 'p1', at: 1 },
      { type: 'remote_limit_reached', participantId: 'p2', at: 2 },
    ]).state;
    expect(statesOf(joined)).toEqual({ p1: 'connecting', p2: 'participant_limit_reached' });
    expect(joined.status).toBe('connecting');
  });

  it('tells the person refused a place that the call is full, with the others still in it', () => {
    const joining = run(rungHere(), [{ type: 'answer', at: 1 }]).state;
    const refused = run(joining, [
      { type: 'call_failed', reason: 'participant_limit_reached', at: 2 },
    ]).state;
    expect(statusText(refused).defaultMessage).toBe('Participant Limit Reached');
    expect(statesOf(refused)).toEqual({ caller: 'connected' });
    expect(showsCallWindow(refused)).toBe(true);
  });
});
