import { describe, expect, it } from 'vitest';
import { REFERER_COOKIE_PATH_MAX } from '../constants';
import { truncateRefererPath } from './referer';

describe('truncateRefererPath', () => {
  it('uses the seed limit of 1024', () => {
    expect(REFERER_COOKIE_PATH_MAX).toBe(1024);
  });

  it('keeps 1023 and 1024 characters unchanged', () => {
    const path1023 = `/${'a'.repeat(1022)}`;
    const path1024 = `/${'a'.repeat(1023)}`;
    expect(truncateRefererPath(path1023)).toBe(path1023);
    expect(truncateRefererPath(path1024)).toBe(path1024);
  });

  it('cuts 1025 characters to the first 1024', () => {
    const path = `/${'a'.repeat(1022)}bc`;
    expect(path).toHaveLength(1025);
    expect(truncateRefererPath(path)).toBe(`/${'a'.repeat(1022)}b`);
  });

  it('keeps an empty path', () => {
    expect(truncateRefererPath('')).toBe('');
  });

  it('does not split a surrogate pair at the cut', () => {
    const path = `/${'a'.repeat(1022)}😀`;
    expect(path).toHaveLength(1025);
    expect(truncateRefererPath(path)).toBe(`/${'a'.repeat(1022)}`);
    expect(truncateRefererPath(`/${'a'.repeat(1021)}😀b`)).toBe(`/${'a'.repeat(1021)}😀`);
  });

  it('accepts another limit', () => {
    expect(truncateRefererPath('/abc', 2)).toBe('/a');
  });
});
