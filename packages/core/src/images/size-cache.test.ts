import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { IMAGE_SIZE_CACHE } from '../constants';
import { ImageSizeCache } from './size-cache';

const TEN_MINUTES = 10 * 60 * 1000;

function filled(count: number) {
  const clock = manualClock(1_000);
  const cache = new ImageSizeCache(clock);
  for (let i = 0; i < count; i += 1) {
    cache.set(`img${i}`, { width: i, height: i * 2 });
    clock.advance(1);
  }
  return { clock, cache };
}

describe('ImageSizeCache', () => {
  it('uses the seed limits', () => {
    expect(IMAGE_SIZE_CACHE).toEqual({ maxEntries: 50, expiryMs: TEN_MINUTES });
  });

  it('stores width, height, src and lastAccessTime', () => {
    const clock = manualClock(500);
    const cache = new ImageSizeCache(clock);
    expect(cache.set('a.png', { width: 10, height: 20 })).toEqual({
      src: 'a.png',
      width: 10,
      height: 20,
      lastAccessTime: 500,
    });
    expect(cache.get('a.png')).toEqual({
      src: 'a.png',
      width: 10,
      height: 20,
      lastAccessTime: 500,
    });
    expect(cache.get('missing.png')).toBeUndefined();
  });

  it('keeps 50 entries', () => {
    const { cache } = filled(50);
    expect(cache.size).toBe(50);
    expect(cache.get('img0')?.width).toBe(0);
  });

  it('evicts the least recently accessed entry at 51', () => {
    const { cache } = filled(51);
    expect(cache.size).toBe(50);
    expect(cache.get('img0')).toBeUndefined();
    expect(cache.get('img1')?.width).toBe(1);
    expect(cache.get('img50')?.width).toBe(50);
  });

  it('counts a get as an access when choosing what to evict', () => {
    const { cache } = filled(50);
    cache.get('img0');
    cache.set('img50', { width: 50, height: 100 });
    expect(cache.get('img0')?.width).toBe(0);
    expect(cache.get('img1')).toBeUndefined();
  });

  it('breaks ties within one millisecond by access order', () => {
    const clock = manualClock(0);
    const cache = new ImageSizeCache(clock, { maxEntries: 2 });
    cache.set('a', { width: 1, height: 1 });
    cache.set('b', { width: 2, height: 2 });
    cache.get('a');
    cache.set('c', { width: 3, height: 3 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.width).toBe(1);
  });

  it('replaces the size of a src already stored without growing', () => {
    const { cache } = filled(50);
    cache.set('img10', { width: 99, height: 98 });
    expect(cache.size).toBe(50);
    expect(cache.get('img10')).toMatchObject({ width: 99, height: 98 });
  });

  it('returns an entry accessed exactly 10 minutes ago', () => {
    const clock = manualClock(0);
    const cache = new ImageSizeCache(clock);
    cache.set('a', { width: 1, height: 2 });
    clock.advance(TEN_MINUTES);
    expect(cache.get('a')?.lastAccessTime).toBe(TEN_MINUTES);
  });

  it('expires an entry at 10 minutes and 1 ms', () => {
    const clock = manualClock(0);
    const cache = new ImageSizeCache(clock);
    cache.set('a', { width: 1, height: 2 });
    clock.advance(TEN_MINUTES + 1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('measures expiry from the last get, not from the set', () => {
    const clock = manualClock(0);
    const cache = new ImageSizeCache(clock);
    cache.set('a', { width: 1, height: 2 });
    clock.advance(TEN_MINUTES);
    cache.get('a');
    clock.advance(TEN_MINUTES);
    expect(cache.get('a')?.width).toBe(1);
  });

  it('drops expired entries when storing', () => {
    const clock = manualClock(0);
    const cache = new ImageSizeCache(clock);
    cache.set('old', { width: 1, height: 1 });
    clock.advance(TEN_MINUTES);
    cache.set('edge', { width: 2, height: 2 });
    clock.advance(1);
    cache.set('new', { width: 3, height: 3 });
    expect(cache.size).toBe(2);
    expect(cache.get('edge')?.width).toBe(2);
  });

  it('accepts other limits', () => {
    const clock = manualClock(0);
    const cache = new ImageSizeCache(clock, { maxEntries: 1, expiryMs: 5 });
    cache.set('a', { width: 1, height: 1 });
    cache.set('b', { width: 2, height: 2 });
    expect(cache.get('a')).toBeUndefined();
    clock.advance(6);
    expect(cache.get('b')).toBeUndefined();
  });
});
