import { describe, expect, it } from 'vitest';
import { capSearchResults, SEARCH_REQUEST_LIMITS } from './limits';
import type { EntryType, SearchEntry } from '../search/types';

const entry = (type: EntryType, id: number): SearchEntry => ({
  uniqueID: `${type}:${id}`,
  order: id,
  title: `${type} ${id}`,
  subtitle: null,
  keywordString: '',
  type,
  photo: null,
  uri: null,
  auxiliaryData: {},
});
const many = (type: EntryType, count: number) =>
  Array.from({ length: count }, (_, i) => entry(type, i + 1));

describe('capSearchResults', () => {
  it('carries the seed limits: users 10, messages 3, pages 5', () => {
    expect(SEARCH_REQUEST_LIMITS).toMatchObject({ user: 10, message: 3, page: 5 });
  });

  it('keeps 5 pages and drops the 6th', () => {
    expect(capSearchResults(many('page', 5))).toHaveLength(5);
    const six = capSearchResults(many('page', 6));
    expect(six.map((e) => e.uniqueID)).toEqual(many('page', 5).map((e) => e.uniqueID));
  });

  it('keeps 3 messages and drops the 4th', () => {
    expect(capSearchResults(many('message', 3))).toHaveLength(3);
    expect(capSearchResults(many('message', 4))).toHaveLength(3);
  });

  it('counts friends, non-friends and work contacts together as users (10 vs 11)', () => {
    const ten = [...many('friend', 4), ...many('non_friend', 3), ...many('fb4c', 3)];
    expect(capSearchResults(ten)).toHaveLength(10);
    const eleven = [...ten, entry('non_friend', 99)];
    expect(capSearchResults(eleven).map((e) => e.uniqueID)).not.toContain('non_friend:99');
  });

  it('caps groups at the maximum thread-result count', () => {
    const limit = SEARCH_REQUEST_LIMITS.group;
    expect(capSearchResults(many('thread', limit + 1))).toHaveLength(limit);
  });

  it('leaves types without a per-search limit alone and keeps server order', () => {
    const mixed = [entry('game', 1), ...many('page', 6), entry('meeting_room_page', 2)];
    const kept = capSearchResults(mixed).map((e) => e.uniqueID);
    expect(kept[0]).toBe('game:1');
    expect(kept.at(-1)).toBe('meeting_room_page:2');
    expect(kept).toHaveLength(7);
  });
});
