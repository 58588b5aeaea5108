import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff';

const options = { baseMs: 100, maxMs: 1_000 };

describe('backoffDelayMs', () => {
  it('doubles from the base and stops at the maximum', () => {
    expect(backoffDelayMs(1, options)).toBe(100);
    expect(backoffDelayMs(2, options)).toBe(200);
    expect(backoffDelayMs(4, options)).toBe(800);
    expect(backoffDelayMs(5, options)).toBe(1_000);
    expect(backoffDelayMs(60, options)).toBe(1_000);
  });

  it('treats attempts below 1 as the first', () => {
    expect(backoffDelayMs(0, options)).toBe(100);
    expect(backoffDelayMs(-3, options)).toBe(100);
  });

  it('jitters the upper half only, with the jitter clamped to [0, 1]', () => {
    expect(backoffDelayMs(2, options, 0)).toBe(100);
    expect(backoffDelayMs(2, options, 0.5)).toBe(150);
    expect(backoffDelayMs(2, options, 1)).toBe(200);
    expect(backoffDelayMs(2, options, 7)).toBe(200);
    expect(backoffDelayMs(2, options, -1)).toBe(100);
  });
});
