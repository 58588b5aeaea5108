import { z } from 'zod';
import { TYPEAHEAD } from '../constants';
import { buildSearchEntry } from './entry';
import type { SearchEntry } from './types';

/** The three kinds of person in the friend list (seed 3). */
export const FRIEND_LIST_TYPES = ['friend', 'fb4c', 'non_friend'] as const;
export type FriendListType = (typeof FRIEND_LIST_TYPES)[number];

/** A friend list entry (seed 3, "Friend list entry"). */
export interface FriendListEntry {
  id: string;
  name: string;
  thumbSrc: string | null;
  uri: string | null;
  searchTokens: readonly string[];
  type: FriendListType;
  is_messenger_user: boolean;
  is_messenger_only: boolean;
  is_birthday: boolean;
  /** Memorialized accounts are kept out of the friends cache (seed 5). */
  is_memorialized: boolean;
}

/** A calendar day without a year; month is 1-12. */
export interface DayOfYear {
  day: number;
  month: number;
}

const dayOfYearSchema = z.object({
  day: z.number().int().min(1).max(31),
  month: z.number().int().min(1).max(12),
});

/** The loaded shape of a friend, before `is_birthday` is computed against today. */
export const friendRecordSchema = z.object({
  id: z.union([z.string().regex(/^[^:\s]+$/), z.number().int().nonnegative()]),
  name: z.string().trim().min(1),
  thumbSrc: z.string().nullable().optional(),
  uri: z.string().nullable().optional(),
  searchTokens: z.array(z.string()).default([]),
  type: z.enum(FRIEND_LIST_TYPES),
  is_messenger_user: z.boolean().default(false),
  is_messenger_only: z.boolean().default(false),
  birthdate: dayOfYearSchema.nullable().optional(),
  is_memorialized: z.boolean().default(false),
});
export type FriendRecord = z.input<typeof friendRecordSchema>;

/** True when today is the birthday: same day and month, year ignored (seed 3). */
export function isBirthday(birthdate: DayOfYear | null | undefined, today: DayOfYear): boolean {
  return birthdate != null && birthdate.day === today.day && birthdate.month === today.month;
}

/**
 * Converts a loaded record, or returns null when it does not describe a person
 * (no id, no name, unknown type); callers drop the nulls (seed 5).
 */
export function toFriendListEntry(raw: unknown, today: DayOfYear): FriendListEntry | null {
  const parsed = friendRecordSchema.safeParse(raw);
  if (!parsed.success) return null;
  const record = parsed.data;
  return {
    id: String(record.id),
    name: record.name,
    thumbSrc: record.thumbSrc ?? null,
    uri: record.uri ?? null,
    searchTokens: record.searchTokens,
    type: record.type,
    is_messenger_user: record.is_messenger_user,
    is_messenger_only: record.is_messenger_only,
    is_birthday: isBirthday(record.birthdate, today),
    is_memorialized: record.is_memorialized,
  };
}

/**
 * The friend-list search filter (seed 5): friends always, work coworkers only
 * for a work viewer, non-friends only when they are on Messenger.
 */
export function friendListFilter(options: {
  viewerIsWork: boolean;
}): (entry: Pick<FriendListEntry, 'type' | 'is_messenger_user'>) => boolean {
  return (entry) => {
    switch (entry.type) {
      case 'friend':
        return true;
      case 'fb4c':
        return options.viewerIsWork;
      case 'non_friend':
        return entry.is_messenger_user;
    }
  };
}

/**
 * The friends cache: converted records minus null conversions, memorialized
 * users and people the filter rejects, one entry per id (first wins).
 */
export function buildFriendsCache(
  records: readonly unknown[],
  options: { viewerIsWork: boolean; today: DayOfYear },
): FriendListEntry[] {
  const keep = friendListFilter(options);
  const seen = new Set<string>();
  const cache: FriendListEntry[] = [];
  for (const raw of records) {
    const entry = toFriendListEntry(raw, options.today);
    if (entry === null || entry.is_memorialized || !keep(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    cache.push(entry);
  }
  return cache;
}

/**
 * The local typeahead cache (seed 9): of the first 100 people loaded, the 50
 * with the highest affinity. Equal scores keep load order; a non-numeric score
 * ranks lowest.
 */
export function localCache<T>(friends: readonly T[], affinity: (friend: T) => number): T[] {
  const score = (friend: T): number => {
    const value = affinity(friend);
    return Number.isNaN(value) ? -Infinity : value;
  };
  return friends
    .slice(0, TYPEAHEAD.localCacheLoaded)
    .map((friend) => ({ friend, score: score(friend) }))
    .sort((a, b) => (a.score === b.score ? 0 : b.score > a.score ? 1 : -1))
    .slice(0, TYPEAHEAD.localCacheTopFriends)
    .map(({ friend }) => friend);
}

/** The typeahead entry for a friend list person, matched by name and search tokens. */
export function friendToSearchEntry(friend: FriendListEntry, order = 0): SearchEntry | null {
  return buildSearchEntry(
    {
      uid: friend.id,
      type: friend.type,
      title: friend.name,
      tokens: friend.searchTokens,
      photo: friend.thumbSrc,
      uri: friend.uri,
      auxiliaryData: { isMemorializedUser: friend.is_memorialized },
    },
    order,
  );
}
