import { describe, expect, it } from 'vitest';
import { MESSAGE_RUN_GAP_MS, messageRuns, type RunInput } from './runs';

const base = Date.parse('2026-03-12T10:00:00Z');
const msg = (senderId: string, minutes: number, groupable = true): RunInput => ({
  senderId,
  timestamp: base + minutes * 60_000,
  groupable,
});

describe('messageRuns', () => {
  it('groups one sender within the gap and starts a run on another sender', () => {
    const places = messageRuns([msg('a', 0), msg('a', 1), msg('b', 2), msg('b', 3)], 'UTC');
    expect(places.map((p) => [p.startsRun, p.endsRun])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
    expect(places.map((p) => p.startsDay)).toEqual([true, false, false, false]);
  });

  it('starts a new run after the gap', () => {
    const gapMinutes = MESSAGE_RUN_GAP_MS / 60_000;
    const places = messageRuns([msg('a', 0), msg('a', gapMinutes + 1)], 'UTC');
    expect(places.map((p) => p.startsRun)).toEqual([true, true]);
  });

  it('breaks runs at midnight in the viewer zone and around notices', () => {
    const lateNight = Date.parse('2026-03-12T23:58:00Z');
    const places = messageRuns(
      [
        { senderId: 'a', timestamp: lateNight, groupable: true },
        { senderId: 'a', timestamp: lateNight + 3 * 60_000, groupable: true },
      ],
      'UTC',
    );
    expect(places.map((p) => [p.startsDay, p.startsRun])).toEqual([
      [true, true],
      [true, true],
    ]);
    const notice = messageRuns([msg('a', 0), msg('a', 1, false), msg('a', 2)], 'UTC');
    expect(notice.map((p) => p.startsRun)).toEqual([true, true, true]);
  });

  it('is empty for no messages', () => {
    expect(messageRuns([], 'UTC')).toEqual([]);
  });
});
