import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import {
  MUTED_FOREVER,
  isMuted,
  muteState,
  mutedUntilFor,
  stillArchived,
} from './conversation-settings';

describe('mute expiry', () => {
  const start = Date.UTC(2026, 10, 27, 10, 0, 0);

  it('a timed mute holds until its instant and lapses at it, by the clock passed in', () => {
    const clock = manualClock(start);
    const until = mutedUntilFor('1h', start);
    expect(until).toBe(start + 3_600_000);
    expect(muteState(until, clock)).toEqual({ kind: 'muted_until', until });
    clock.advance(3_600_000 - 1);
    expect(isMuted(until, clock)).toBe(true);
    clock.advance(1);
    expect(isMuted(until, clock)).toBe(false);
    expect(muteState(until, clock)).toEqual({ kind: 'unmuted' });
  });

  it('rounds up to the minute, so a retry within the minute asks for the same instant', () => {
    expect(mutedUntilFor('1h', start + 1)).toBe(start + 3_600_000 + 60_000);
    expect(mutedUntilFor('1h', start + 59_000)).toBe(mutedUntilFor('1h', start + 1));
  });

  it('8 and 24 hours', () => {
    expect(mutedUntilFor('8h', start) - start).toBe(8 * 3_600_000);
    expect(mutedUntilFor('24h', start) - start).toBe(24 * 3_600_000);
  });

  it('"until I turn it back on" never lapses; null is not muted', () => {
    const clock = manualClock(start);
    expect(mutedUntilFor('forever', start)).toBe(MUTED_FOREVER);
    clock.set(Date.UTC(9000, 0, 1));
    expect(muteState(MUTED_FOREVER, clock)).toEqual({ kind: 'muted_forever' });
    expect(isMuted(null, clock)).toBe(false);
    expect(isMuted(undefined, clock)).toBe(false);
  });
});

describe('archive', () => {
  it('a one-to-one comes back with a newer message; a group stays archived', () => {
    expect(stillArchived({ kind: 'one_to_one', archivedSeq: 4, lastMessageSeq: 4 })).toBe(true);
    expect(stillArchived({ kind: 'one_to_one', archivedSeq: 4, lastMessageSeq: 5 })).toBe(false);
    expect(stillArchived({ kind: 'group', archivedSeq: 4, lastMessageSeq: 9 })).toBe(true);
    expect(stillArchived({ kind: 'group', archivedSeq: null, lastMessageSeq: 9 })).toBe(false);
  });
});
