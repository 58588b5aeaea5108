import { sql, type RawBuilder } from 'kysely';
import type { SearchIndex } from '../../storage/search-index';
import type { SearchQuery } from './query';

/*
 * SQL conditions that pick name candidates through the indexes of migration
 * 001-network (the dialect's SearchIndex writes them). They may return a few
 * extra rows (a letter outside a-z counts as a word boundary); the core
 * triage in memory is what decides a match.
 */

/** `column` starts with the whole query. */
export function prefixCondition(
  search: SearchIndex,
  column: string,
  query: SearchQuery,
): RawBuilder<boolean> {
  return search.startsWith(column, query.normalized);
}

/** Every query word starts some word of the column (the word-prefix bucket of the triage). */
export function wordPrefixCondition(
  search: SearchIndex,
  column: string,
  query: SearchQuery,
): RawBuilder<boolean> {
  const parts = query.words.map((w) => search.hasWordStartingWith(column, w));
  if (parts.length === 0) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Either kind of match (what an in-memory triage could keep). */
export function nameCondition(
  search: SearchIndex,
  column: string,
  query: SearchQuery,
): RawBuilder<boolean> {
  if (query.normalized === '') return sql<boolean>`(1 = 1)`;
  return sql<boolean>`(${prefixCondition(search, column, query)} or ${wordPrefixCondition(search, column, query)})`;
}
