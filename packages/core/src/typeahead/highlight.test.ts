import { describe, expect, it } from 'vitest';
import { moveHighlight } from './highlight';

const ids = ['a', 'b', 'c'];

describe('moveHighlight', () => {
  it('has nothing to highlight in an empty list', () => {
    expect(moveHighlight([], null, 'down')).toBeNull();
    expect(moveHighlight([], 'a', 'first')).toBeNull();
  });

  it('starts at the first row going down and the last going up', () => {
    expect(moveHighlight(ids, null, 'down')).toBe('a');
    expect(moveHighlight(ids, null, 'up')).toBe('c');
  });

  it('moves one row at a time', () => {
    expect(moveHighlight(ids, 'a', 'down')).toBe('b');
    expect(moveHighlight(ids, 'c', 'up')).toBe('b');
  });

  it('wraps past the last row to the first and past the first to the last', () => {
    expect(moveHighlight(ids, 'b', 'down')).toBe('c');
    expect(moveHighlight(ids, 'c', 'down')).toBe('a');
    expect(moveHighlight(ids, 'a', 'up')).toBe('c');
  });

  it('jumps to the first and last rows', () => {
    expect(moveHighlight(ids, 'b', 'first')).toBe('a');
    expect(moveHighlight(ids, 'b', 'last')).toBe('c');
  });

  it('treats a highlight that is no longer shown as none', () => {
    expect(moveHighlight(ids, 'gone', 'down')).toBe('a');
    expect(moveHighlight(ids, 'gone', 'up')).toBe('c');
  });

  it('stays on the single row of a one-row list', () => {
    expect(moveHighlight(['a'], 'a', 'down')).toBe('a');
    expect(moveHighlight(['a'], 'a', 'up')).toBe('a');
  });
});
