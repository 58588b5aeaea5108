import { describe, expect, it } from 'vitest';
import { formatDefaultMessage } from './i18n';

describe('formatDefaultMessage', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    const d = { id: 'x', defaultMessage: 'and {num} more... {missing}' };
    expect(formatDefaultMessage(d, { num: 3 })).toBe('and 3 more... {missing}');
    expect(formatDefaultMessage({ id: 'y', defaultMessage: 'plain' })).toBe('plain');
  });
});
