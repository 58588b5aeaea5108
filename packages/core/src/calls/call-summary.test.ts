import { describe, expect, it } from 'vitest';
import type { CallEvent, CallState } from './call-types';
import { CoreError } from '../errors';
import { formatDefaultMessage } from '../i18n';
import { IDLE_CALL } from './call-reducer';
import {
  callSummaryLine,
  callSummarySchema,
  formatCallDuration,
  formatCallSummaryLine,
  toCallSummary,
} from './call-summary';
import type { EndedCall } from './call-summary';
import { peer, run } from './call-test-fixtures';

const duration = (ms: number) => {
  const { descriptor, values } = formatCallDuration(ms);
  return formatDefaultMessage(descriptor, values);
};

function ended(events: CallEvent[]): EndedCall {
  const state: CallState = run(IDLE_CALL, events).state;
  if (state.status !== 'ended') throw new Error(`expected ended, got ${state.status}`);
  return state;
}

describe('formatCallDuration', () => {
  it.each([
    [0, '0 sec'],
    [999, '0 sec'],
    [1_000, '1 sec'],
    [59_999, '59 sec'],
    [60_000, '1 min'],
    [180_000, '3 min'],
    [3_599_999, '59 min'],
    [3_600_000, '1 hr'],
    [3_659_999, '1 hr'],
    [3_660_000, '1 hr 1 min'],
    [7_380_000, '2 hr 3 min'],
  ])('%d ms → %s', (ms, expected) => {
    expect(duration(ms)).toBe(expected);
  });

  it('refuses negative or non-finite durations', () => {
    expect(() => formatCallDuration(-1)).toThrow(CoreError);
    expect(() => formatCallDuration(Number.POSITIVE_INFINITY)).toThrow(/non-negative/);
  });
});

describe('call summary', () => {
  const placeVideo: CallEvent = {
    type: 'place_call',
    callId: 'c1',
    kind: 'video',
    peers: [peer('a')],
    at: 0,
  };

  it("shows a connected call's kind and length", () => {
    const call = ended([
      placeVideo,
      { type: 'remote_joined', participantId: 'a', at: 4_000 },
      { type: 'ice_state', state: 'connected', at: 5_000 },
      { type: 'hang_up', at: 185_000 },
    ]);
    const summary = toCallSummary(call);
    expect(summary).toEqual({
      callId: 'c1',
      kind: 'video',
      direction: 'outgoing',
      reason: 'hung_up',
      durationMs: 180_000,
    });
    expect(callSummarySchema.parse(summary)).toEqual(summary);
    expect(formatCallSummaryLine(callSummaryLine(summary))).toBe('Video call · 3 min');
    expect(
      formatCallSummaryLine(callSummaryLine({ ...summary, kind: 'voice', durationMs: 59_999 })),
    ).toBe('Voice call · 59 sec');
  });

  it('shows a call that never connected as missed, whatever the reason', () => {
    const rejected = toCallSummary(
      ended([
        {
          type: 'incoming_call',
          callId: 'c2',
          kind: 'voice',
          caller: peer('a'),
          at: 0,
        },
        { type: 'reject', at: 1_000 },
      ]),
    );
    expect(rejected.durationMs).toBeNull();
    const line = callSummaryLine(rejected);
    expect(line.duration).toBeNull();
    expect(formatCallSummaryLine(line)).toBe('Missed voice call');

    const timedOut = toCallSummary(ended([placeVideo, { type: 'ring_timeout', at: 45_000 }]));
    expect(formatCallSummaryLine(callSummaryLine(timedOut))).toBe('Missed video call');
  });

  it('counts a call that connected for 0 ms as connected', () => {
    const summary = callSummaryLine({
      callId: 'c',
      kind: 'video',
      direction: 'incoming',
      reason: 'connection_lost',
      durationMs: 0,
    });
    expect(formatCallSummaryLine(summary)).toBe('Video call · 0 sec');
  });

  it('validates summaries on the wire', () => {
    const valid = {
      callId: 'c',
      kind: 'voice',
      direction: 'incoming',
      reason: 'no_answer',
      durationMs: null,
    };
    expect(callSummarySchema.safeParse(valid).success).toBe(true);
    expect(callSummarySchema.safeParse({ ...valid, durationMs: -1 }).success).toBe(false);
    expect(callSummarySchema.safeParse({ ...valid, durationMs: 1.5 }).success).toBe(false);
    expect(callSummarySchema.safeParse({ ...valid, reason: 'rejected' }).success).toBe(false);
    expect(callSummarySchema.safeParse({ ...valid, callId: '' }).success).toBe(false);
  });
});
