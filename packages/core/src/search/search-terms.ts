import { normalizeForMatch, wordsOf } from './flatten';

/**
 * What a typed search query asks for, decided once so that no index ever sees
 * a query it cannot parse:
 * - `everything`: a blank query (only with allow_short_query; it matches all, as the triage does);
 * - `nothing`: text without a single letter or digit (`""`, `**`, `()`, `🙂🙂`):
 *   there is no word to look up, so the answer is empty and FTS5 / tsquery are never asked;
 * - `words`: the flattened form and its letter/digit words.
 */
export type SearchTerms =
  | { kind: 'everything'; normalized: ''; words: []; rawWords: [] }
  | { kind: 'nothing'; normalized: string; words: []; rawWords: [] }
  | { kind: 'words'; normalized: string; words: string[]; rawWords: string[] };

export function searchTermsOf(text: string): SearchTerms {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'everything', normalized: '', words: [], rawWords: [] };
  const normalized = normalizeForMatch(trimmed);
  const words = wordsOf(normalized);
  // Unflattened words too: indexes that do not fold diacritics look these up.
  const rawWords = wordsOf(trimmed.toLowerCase());
  // Both forms must have a word: '™' flattens to 'tm' yet has none raw, and a run of
  // combining marks flattens to nothing at all.
  if (words.length === 0 || rawWords.length === 0) {
    return { kind: 'nothing', normalized, words: [], rawWords: [] };
  }
  return { kind: 'words', normalized, words, rawWords };
}
