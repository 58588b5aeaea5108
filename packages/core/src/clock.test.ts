import { describe, expect, it } from 'vitest';
import { manualClock } from './clock';

describe('manualClock', () => {
  it('moves only when told', () => {
    const clock = manualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(150);
    expect(clock.now()).toBe(1_150);
    clock.set(5);
    expect(clock.now()).toBe(5);
  });
});
