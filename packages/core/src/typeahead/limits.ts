import { TYPEAHEAD } from '../constants';
import type { EntryType, SearchEntry } from '../search/types';

/** Per-request result limits a search request carries (seed sections 7 and 9). */
export const SEARCH_REQUEST_LIMITS = {
  user: TYPEAHEAD.usersPerSearch,
  message: TYPEAHEAD.messagesPerSearch,
  group: TYPEAHEAD.maxThreadResults,
  page: TYPEAHEAD.pagesPerSearch,
} as const;

type LimitBucket = keyof typeof SEARCH_REQUEST_LIMITS;

const BUCKET_BY_TYPE: Partial<Record<EntryType, LimitBucket>> = {
  friend: 'user',
  non_friend: 'user',
  fb4c: 'user',
  message: 'message',
  thread: 'group',
  page: 'page',
};

/**
 * Keeps a server response within the per-search limits, in the server's order,
 * so a source that returns more than it was asked for cannot crowd the view.
 */
export function capSearchResults(entries: readonly SearchEntry[]): SearchEntry[] {
  const counts: Record<LimitBucket, number> = { user: 0, message: 0, group: 0, page: 0 };
  return entries.filter((entry) => {
    const bucket = BUCKET_BY_TYPE[entry.type];
    if (bucket === undefined) return true;
    if (counts[bucket] >= SEARCH_REQUEST_LIMITS[bucket]) return false;
    counts[bucket] += 1;
    return true;
  });
}
