import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../storage/db';
import { escapeLike, MAX_CHAR, type SearchQuery } from './query';

/*
 * SQL conditions that pick name candidates through the indexes of migration
 * 001-network. They may return a few extra rows (a letter outside a-z counts as
 * a word boundary); the core triage in memory is what decides a match.
 */

/** `column` starts with the whole query: a b-tree range (SQLite) or a text_pattern_ops LIKE (PostgreSQL). */
export function prefixCondition(
  dialect: DialectName,
  column: string,
  query: SearchQuery,
): RawBuilder<boolean> {
  const ref = sql.ref(column);
  if (dialect === 'sqlite') {
    return sql<boolean>`(${ref} >= ${query.normalized} and ${ref} < ${query.normalized + MAX_CHAR})`;
  }
  return sql<boolean>`(${ref} like ${`${escapeLike(query.normalized)}%`})`;
}

/**
 * Some word of `column` starts with `word`. Query words hold only letters and
 * digits (core wordsOf), so no GLOB or regex syntax can reach the pattern.
 */
function wordCondition(dialect: DialectName, column: string, word: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  if (dialect === 'sqlite') {
    return sql<boolean>`(${ref} glob ${`${word}*`} or ${ref} glob ${`*[^a-z0-9]${word}*`})`;
  }
  return sql<boolean>`(${ref} ~ ${`(^|[^[:alnum:]])${word}`})`;
}

/** Every query word starts some word of the column (the word-prefix bucket of the triage). */
export function wordPrefixCondition(
  dialect: DialectName,
  column: string,
  query: SearchQuery,
): RawBuilder<boolean> {
  const parts = query.words.map((w) => wordCondition(dialect, column, w));
  if (parts.length === 0) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Either kind of match (what an in-memory triage could keep). */
export function nameCondition(
  dialect: DialectName,
  column: string,
  query: SearchQuery,
): RawBuilder<boolean> {
  if (query.normalized === '') return sql<boolean>`(1 = 1)`;
  return sql<boolean>`(${prefixCondition(dialect, column, query)} or ${wordPrefixCondition(dialect, column, query)})`;
}
