import { describe, expect, it } from 'vitest';
import { CoreError } from './errors';

describe('CoreError', () => {
  it('carries a stable code', () => {
    const error = new CoreError('funnel_not_registered', 'Funnel name not registered.');
    expect(error.code).toBe('funnel_not_registered');
    expect(error.message).toBe('Funnel name not registered.');
    expect(error).toBeInstanceOf(Error);
  });
});
