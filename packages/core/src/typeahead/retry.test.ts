import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry';
import { TYPEAHEAD } from '../constants';
import { CoreError } from '../errors';

describe('retryDelayMs', () => {
  it('doubles from the base delay', () => {
    expect(retryDelayMs(1)).toBe(TYPEAHEAD.retryBaseDelayMs);
    expect(retryDelayMs(2)).toBe(TYPEAHEAD.retryBaseDelayMs * 2);
    expect(retryDelayMs(3)).toBe(TYPEAHEAD.retryBaseDelayMs * 4);
  });

  it('never exceeds the maximum delay', () => {
    const options = { baseMs: 100, maxMs: 400 };
    expect(retryDelayMs(3, options)).toBe(400);
    expect(retryDelayMs(4, options)).toBe(400);
    expect(retryDelayMs(30)).toBe(TYPEAHEAD.retryMaxDelayMs);
  });

  it('rejects retry numbers below 1 or fractional', () => {
    expect(() => retryDelayMs(0)).toThrow(CoreError);
    expect(() => retryDelayMs(1.5)).toThrow('Retry number must be a positive integer.');
  });
});
