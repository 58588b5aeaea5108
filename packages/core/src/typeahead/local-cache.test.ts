import { describe, expect, it } from 'vitest';
import { buildLocalCache, topFriendsAndGroups } from './local-cache';
import type { EntryType, SearchEntry } from '../search/types';

const entry = (type: EntryType, id: number, order = id): SearchEntry => ({
  uniqueID: `${type}:${id}`,
  order,
  title: `${type} ${id}`,
  subtitle: null,
  keywordString: '',
  type,
  photo: null,
  uri: null,
  auxiliaryData: {},
});
const friends = (count: number) => Array.from({ length: count }, (_, i) => entry('friend', i + 1));

describe('buildLocalCache', () => {
  it('keeps the top 50 friends (50 vs 51)', () => {
    expect(buildLocalCache(friends(50))).toHaveLength(50);
    const cache = buildLocalCache(friends(51));
    expect(cache).toHaveLength(50);
    expect(cache.map((e) => e.uniqueID)).not.toContain('friend:51');
  });

  it('ranks by order before keeping the top', () => {
    const loaded = [entry('friend', 1, 9), entry('friend', 2, 1), entry('friend', 3, 5)];
    expect(buildLocalCache(loaded).map((e) => e.uniqueID)).toEqual([
      'friend:2',
      'friend:3',
      'friend:1',
    ]);
  });

  it('considers only the first 100 loaded (100th counts, 101st does not)', () => {
    const loaded = friends(101).map((e, i) => ({ ...e, order: 1000 - i }));
    const ids = buildLocalCache(loaded).map((e) => e.uniqueID);
    expect(ids[0]).toBe('friend:100');
    expect(ids).not.toContain('friend:101');
  });

  it('keeps 30 for a room audience (30 vs 31)', () => {
    expect(buildLocalCache(friends(30), 'room_audience')).toHaveLength(30);
    expect(buildLocalCache(friends(31), 'room_audience')).toHaveLength(30);
  });

  it('does not mutate the loaded list', () => {
    const loaded = [entry('friend', 1, 2), entry('friend', 2, 1)];
    buildLocalCache(loaded);
    expect(loaded.map((e) => e.uniqueID)).toEqual(['friend:1', 'friend:2']);
  });
});

describe('topFriendsAndGroups', () => {
  it('keeps friends, work contacts and groups in cache order', () => {
    const cache = [
      entry('page', 1),
      entry('thread', 2),
      entry('friend', 3),
      entry('non_friend', 4),
      entry('fb4c', 5),
      entry('message', 6),
    ];
    expect(topFriendsAndGroups(cache).map((e) => e.uniqueID)).toEqual([
      'thread:2',
      'friend:3',
      'fb4c:5',
    ]);
  });
});
