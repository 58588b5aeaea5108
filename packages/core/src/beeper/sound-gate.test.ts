import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { NOTIFICATION_SOUND_MIN_INTERVAL_MS } from '../constants';
import { INITIAL_SOUND_THROTTLE, requestSound, soundGate } from './sound-gate';

describe('soundGate', () => {
  it('uses the 5000 ms minimum interval of seed 9', () => {
    expect(NOTIFICATION_SOUND_MIN_INTERVAL_MS).toBe(5_000);
  });

  it('plays the first sound, refuses at 4999 ms after the last and allows at 5000 ms', () => {
    expect(soundGate(null, 0)).toBe(true);
    expect(soundGate(10_000, 14_999)).toBe(false);
    expect(soundGate(10_000, 15_000)).toBe(true);
  });

  it('stays silent when the clock went backwards', () => {
    expect(soundGate(10_000, 9_000)).toBe(false);
  });

  it('takes a configured interval', () => {
    expect(soundGate(0, 999, 1_000)).toBe(false);
    expect(soundGate(0, 1_000, 1_000)).toBe(true);
  });
});

describe('requestSound', () => {
  it('moves on only when a sound plays, so refused requests do not push the next one back', () => {
    const clock = manualClock(1_000);
    const first = requestSound(INITIAL_SOUND_THROTTLE, clock.now());
    expect(first).toEqual({ play: true, throttle: { lastPlayedAt: 1_000 } });

    clock.advance(4_999);
    const refused = requestSound(first.throttle, clock.now());
    expect(refused.play).toBe(false);
    expect(refused.throttle).toBe(first.throttle);

    clock.advance(1);
    expect(requestSound(refused.throttle, clock.now())).toEqual({
      play: true,
      throttle: { lastPlayedAt: 6_000 },
    });
  });
});
