import { describe, expect, it } from 'vitest';
import {
  defaultErrorMessage,
  ERROR_CATALOGUE,
  ERROR_CODES,
  hasErrorCode,
  isErrorCode,
} from './error-catalogue';
import { SYNC_ERROR_CODES } from './sync';

describe('ERROR_CATALOGUE', () => {
  it('gives every code an HTTP error status and its wording a unique id', () => {
    for (const code of ERROR_CODES) {
      const { status } = ERROR_CATALOGUE[code];
      expect(status >= 400 && status < 600, code).toBe(true);
    }
    const ids = Object.values(ERROR_CATALOGUE).flatMap((e) =>
      'message' in e ? [e.message.id] : [],
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith('error.'))).toBe(true);
  });

  it('covers the sync socket error frames', () => {
    expect(SYNC_ERROR_CODES.filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it('recognises its codes and nothing else', () => {
    expect(isErrorCode('forbidden')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('made_up')).toBe(false);
    expect(isErrorCode(403)).toBe(false);
    expect(hasErrorCode('in_another_call', 'in_another_call')).toBe(true);
    expect(hasErrorCode(undefined, 'in_another_call')).toBe(false);
  });

  it('words a code by its descriptor, or generically when it has none', () => {
    expect(defaultErrorMessage('unauthenticated')).toBe('Log in to continue.');
    expect(defaultErrorMessage('blocked')).toBe('The request was refused.');
  });
});
