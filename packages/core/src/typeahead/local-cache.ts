import { TYPEAHEAD } from '../constants';
import type { EntryType, SearchEntry } from '../search/types';

export type LocalCacheKind = 'friends' | 'room_audience';

/**
 * The local typeahead cache: of the first 100 loaded entries, the top 50 by
 * rank (`order`), or the top 30 for a room audience (seed section 9).
 */
export function buildLocalCache(
  loaded: readonly SearchEntry[],
  kind: LocalCacheKind = 'friends',
): SearchEntry[] {
  const limit =
    kind === 'room_audience' ? TYPEAHEAD.localCacheRoomAudience : TYPEAHEAD.localCacheTopFriends;
  return loaded
    .slice(0, TYPEAHEAD.localCacheLoaded)
    .sort((a, b) => a.order - b.order)
    .slice(0, limit);
}

const EMPTY_QUERY_TYPES: ReadonlySet<EntryType> = new Set(['friend', 'fb4c', 'thread']);

/** What an empty query shows: the cached friends (work contacts count) and groups. */
export function topFriendsAndGroups(cache: readonly SearchEntry[]): SearchEntry[] {
  return cache.filter((entry) => EMPTY_QUERY_TYPES.has(entry.type));
}
