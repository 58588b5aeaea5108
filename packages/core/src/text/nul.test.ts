import { describe, expect, it } from 'vitest';
import { nulCharPath } from './nul';

describe('nulCharPath', () => {
  it('finds the first string holding U+0000, keys included', () => {
    expect(nulCharPath('a\u0000b')).toBe('');
    expect(nulCharPath({ input: { text: 'ok', tags: ['x', 'y\u0000'] } })).toBe('input.tags[1]');
    expect(nulCharPath({ ['k\u0000']: 'v' })).toBe('k\u0000');
  });

  it('passes everything else, other control characters too', () => {
    expect(nulCharPath({ a: ['\u0001', '\u202E', 1, null, true], b: { c: '🙂' } })).toBeNull();
  });
});
