import {
  searchTermsOf,
  triage,
  TYPEAHEAD,
  type SearchTerms,
  type TriageTexts,
} from '@messenger/core';
import { badArgument, graphqlError } from '../../graphql/errors';

/** Longest query accepted; a typeahead never needs more. */
export const MAX_QUERY_LENGTH = 100;

/**
 * A checked query (core searchTermsOf): `normalized` is flattened (lower case, diacritics
 * folded, spaces collapsed); `words` are its letters-and-digits words, so safe in any index
 * syntax; `rawWords` the unflattened ones. Kind `nothing` (no word at all) must answer
 * empty without asking an index: every search leaf checks `matchesNothing`.
 */
export type SearchQuery = SearchTerms;

/** A query with no letter or digit: every search answers it with no results. */
export function matchesNothing(query: SearchQuery): boolean {
  return query.kind === 'nothing';
}

/**
 * Checks and normalizes a query argument. Seed 4/5: no server search under 2
 * characters, unless the caller sets allow_short_query; then even a blank
 * query is accepted (it matches everything, as the core triage does).
 */
export function prepareQuery(raw: string, allowShort: boolean, field: string): SearchQuery {
  if (raw.length > MAX_QUERY_LENGTH) {
    throw badArgument(field, `must be at most ${MAX_QUERY_LENGTH} characters`);
  }
  const trimmed = raw.trim();
  if (!allowShort && Array.from(trimmed).length < TYPEAHEAD.minQueryLength) {
    throw graphqlError(
      'query_too_short',
      `A search needs at least ${TYPEAHEAD.minQueryLength} characters.`,
      field,
    );
  }
  return searchTermsOf(trimmed);
}

/**
 * Core triage (exact, prefix, word-prefix) and, within each bucket, the given
 * order (affinity for people, recency for threads). Non-matches are dropped.
 */
export function rankMatches<T>(
  query: SearchQuery,
  items: readonly T[],
  texts: (item: T) => TriageTexts,
  compare: (a: T, b: T) => number,
): T[] {
  const buckets = triage(query.normalized, items, texts);
  return [
    ...[...buckets.exact].sort(compare),
    ...[...buckets.prefix].sort(compare),
    ...[...buckets.wordPrefix].sort(compare),
  ];
}
