import { backoffDelayMs, type BackoffOptions } from '../backoff';
import { TYPEAHEAD } from '../constants';
import { CoreError } from '../errors';

const DEFAULT_BACKOFF: BackoffOptions = {
  baseMs: TYPEAHEAD.retryBaseDelayMs,
  maxMs: TYPEAHEAD.retryMaxDelayMs,
};

/**
 * Delay before the typeahead source's `retryNumber`-th retry (1-based).
 * Stricter than the curve itself: a retry number that is not a positive
 * integer is a bug in the source's event loop, so it throws.
 */
export function retryDelayMs(
  retryNumber: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  if (!Number.isInteger(retryNumber) || retryNumber < 1) {
    throw new CoreError('invalid_retry_number', 'Retry number must be a positive integer.');
  }
  return backoffDelayMs(retryNumber, options);
}
