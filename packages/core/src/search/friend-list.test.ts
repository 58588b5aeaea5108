import { describe, expect, it } from 'vitest';
import { TYPEAHEAD } from '../constants';
import {
  buildFriendsCache,
  friendListFilter,
  friendToSearchEntry,
  isBirthday,
  localCache,
  toFriendListEntry,
} from './friend-list';
import type { FriendListEntry, FriendRecord } from './friend-list';

const today = { day: 14, month: 3 };

const record = (over: Partial<FriendRecord> = {}): FriendRecord => ({
  id: '1',
  name: 'Ann',
  type: 'friend',
  ...over,
});

describe('isBirthday', () => {
  it('is true only when both day and month match', () => {
    expect(isBirthday({ day: 14, month: 3 }, today)).toBe(true);
    expect(isBirthday({ day: 13, month: 3 }, today)).toBe(false);
    expect(isBirthday({ day: 15, month: 3 }, today)).toBe(false);
    expect(isBirthday({ day: 14, month: 4 }, today)).toBe(false);
    expect(isBirthday({ day: 3, month: 14 }, today)).toBe(false);
    expect(isBirthday(null, today)).toBe(false);
    expect(isBirthday(undefined, today)).toBe(false);
  });
});

describe('toFriendListEntry', () => {
  it('fills defaults and computes is_birthday', () => {
    expect(toFriendListEntry(record({ id: 7, birthdate: { day: 14, month: 3 } }), today)).toEqual({
      id: '7',
      name: 'Ann',
      thumbSrc: null,
      uri: null,
      searchTokens: [],
      type: 'friend',
      is_messenger_user: false,
      is_messenger_only: false,
      is_birthday: true,
      is_memorialized: false,
    } satisfies FriendListEntry);
  });

  it('keeps the given optional fields', () => {
    expect(
      toFriendListEntry(
        record({
          thumbSrc: 't.png',
          uri: '/ann',
          searchTokens: ['annie'],
          is_messenger_user: true,
          is_messenger_only: true,
          is_memorialized: true,
          birthdate: { day: 1, month: 1 },
        }),
        today,
      ),
    ).toMatchObject({
      thumbSrc: 't.png',
      uri: '/ann',
      searchTokens: ['annie'],
      is_messenger_user: true,
      is_messenger_only: true,
      is_memorialized: true,
      is_birthday: false,
    });
  });

  it('returns null for records that are not people', () => {
    expect(toFriendListEntry(null, today)).toBeNull();
    expect(toFriendListEntry(record({ name: ' ' }), today)).toBeNull();
    expect(toFriendListEntry(record({ id: '' }), today)).toBeNull();
    expect(toFriendListEntry(record({ id: 'a:b' }), today)).toBeNull();
    expect(toFriendListEntry({ ...record(), type: 'page' }, today)).toBeNull();
    expect(toFriendListEntry(record({ birthdate: { day: 1, month: 13 } }), today)).toBeNull();
    expect(toFriendListEntry(record({ birthdate: { day: 32, month: 1 } }), today)).toBeNull();
    expect(toFriendListEntry(record({ birthdate: { day: 31, month: 12 } }), today)).not.toBeNull();
  });
});

describe('friendListFilter', () => {
  const people = [
    { type: 'friend', is_messenger_user: false },
    { type: 'fb4c', is_messenger_user: true },
    { type: 'non_friend', is_messenger_user: true },
    { type: 'non_friend', is_messenger_user: false },
  ] as const;

  it('keeps fb4c only for work viewers', () => {
    expect(people.map(friendListFilter({ viewerIsWork: true }))).toEqual([true, true, true, false]);
    expect(people.map(friendListFilter({ viewerIsWork: false }))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});

describe('buildFriendsCache', () => {
  const records: unknown[] = [
    record({ id: '1' }),
    record({ id: '2', is_memorialized: true }),
    { id: '3' },
    record({ id: '4', type: 'fb4c' }),
    record({ id: '5', type: 'non_friend', is_messenger_user: true }),
    record({ id: '6', type: 'non_friend' }),
    record({ id: '1', name: 'Duplicate' }),
  ];

  it('drops nulls, memorialized users, filtered people and duplicates', () => {
    const ids = (viewerIsWork: boolean) =>
      buildFriendsCache(records, { viewerIsWork, today }).map((f) => `${f.id}:${f.name}`);
    expect(ids(false)).toEqual(['1:Ann', '5:Ann']);
    expect(ids(true)).toEqual(['1:Ann', '4:Ann', '5:Ann']);
  });
});

describe('localCache', () => {
  const people = Array.from({ length: 120 }, (_, i) => ({ id: i }));

  it('takes the top 50 by affinity from the first 100 loaded', () => {
    const cache = localCache(people, (p) => p.id);
    expect(cache).toHaveLength(TYPEAHEAD.localCacheTopFriends);
    expect(cache[0]?.id).toBe(TYPEAHEAD.localCacheLoaded - 1);
    expect(cache.at(-1)?.id).toBe(TYPEAHEAD.localCacheLoaded - TYPEAHEAD.localCacheTopFriends);
  });

  it('keeps load order on ties and ranks NaN lowest', () => {
    const cache = localCache(people, (p) => (p.id === 3 ? Number.NaN : p.id === 7 ? 1 : 0));
    expect(cache.slice(0, 3).map((p) => p.id)).toEqual([7, 0, 1]);
    expect(cache.map((p) => p.id)).not.toContain(3);
  });

  it('returns everyone, ordered, when fewer than 50 are loaded', () => {
    expect(localCache([{ s: 1 }, { s: 3 }, { s: 2 }], (p) => p.s)).toEqual([
      { s: 3 },
      { s: 2 },
      { s: 1 },
    ]);
    expect(localCache([], () => 0)).toEqual([]);
  });

  it('boundary: 51 people keeps 50, 101 people ignores the 101st', () => {
    expect(localCache(people.slice(0, 51), () => 0)).toHaveLength(50);
    const withLate = localCache(people.slice(0, 101), (p) => (p.id === 100 ? 1e9 : p.id));
    expect(withLate.map((p) => p.id)).not.toContain(100);
    const inWindow = localCache(people.slice(0, 100), (p) => (p.id === 99 ? 1e9 : 0));
    expect(inWindow[0]?.id).toBe(99);
  });
});

describe('friendToSearchEntry', () => {
  it('builds a typed search entry', () => {
    const friend = toFriendListEntry(
      record({ id: '9', type: 'fb4c', thumbSrc: 't', uri: '/u', searchTokens: ['a', 'b'] }),
      today,
    )!;
    expect(friendToSearchEntry(friend, 4)).toEqual({
      uniqueID: 'fb4c:9',
      order: 4,
      title: 'Ann',
      subtitle: null,
      keywordString: 'a b',
      type: 'fb4c',
      photo: 't',
      uri: '/u',
      auxiliaryData: { isMemorializedUser: false },
    });
    expect(friendToSearchEntry({ ...friend, name: '' })).toBeNull();
  });
});
