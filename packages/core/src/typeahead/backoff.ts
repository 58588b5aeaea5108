import { TYPEAHEAD } from '../constants';
import { CoreError } from '../errors';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

const DEFAULT_BACKOFF: BackoffOptions = {
  baseMs: TYPEAHEAD.retryBaseDelayMs,
  maxMs: TYPEAHEAD.retryMaxDelayMs,
};

/**
 * Delay before the `retryNumber`-th retry (1-based): base, 2×base, 4×base, …,
 * never above the maximum.
 */
export function retryDelayMs(
  retryNumber: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  if (!Number.isInteger(retryNumber) || retryNumber < 1) {
    throw new CoreError('invalid_retry_number', 'Retry number must be a positive integer.');
  }
  return Math.min(options.baseMs * 2 ** (retryNumber - 1), options.maxMs);
}
