import { normalizeForMatch, wordsOf } from './flatten';
import type { SearchEntry } from './types';

/** What an item is matched by: its display name and any extra search tokens. */
export interface TriageTexts {
  name: string | null | undefined;
  tokens?: readonly string[];
}

/** Triage buckets, best first; `rest` holds the items that do not match at all. */
export interface Triage<T> {
  exact: T[];
  prefix: T[];
  wordPrefix: T[];
  rest: T[];
}

export type MatchKind = 'exact' | 'prefix' | 'wordPrefix' | 'none';

/** An item's match texts in the compared form: the normalized name and every word. */
interface PreparedTexts {
  name: string;
  words: string[];
}

function prepareTexts(texts: TriageTexts): PreparedTexts {
  const name = texts.name == null ? '' : normalizeForMatch(texts.name);
  const nameWords = wordsOf(name);
  // A token word that repeats a word of the name (a keyword string usually holds the
  // name again) is the same word, not a second one a query word could claim.
  const seen = new Set(nameWords);
  const tokenWords: string[] = [];
  for (const word of (texts.tokens ?? []).map(normalizeForMatch).flatMap(wordsOf)) {
    if (seen.has(word)) continue;
    seen.add(word);
    tokenWords.push(word);
  }
  return { name, words: [...nameWords, ...tokenWords] };
}

/**
 * Whether each query word can start a different word of the item (Zulip's rule:
 * "ann an" does not match "Anna Smith" by using "Anna" twice). A bipartite
 * matching by augmenting paths; both sides are a handful of words.
 */
export function eachWordMatchesADistinctWord(
  queryWords: readonly string[],
  words: readonly string[],
): boolean {
  if (queryWords.length > words.length) return false;
  const ownerOfWord = new Array<number>(words.length).fill(-1);
  const claim = (q: number, visited: boolean[]): boolean => {
    const queryWord = queryWords[q] ?? '';
    for (let w = 0; w < words.length; w += 1) {
      if (visited[w] === true || !(words[w] ?? '').startsWith(queryWord)) continue;
      visited[w] = true;
      const owner = ownerOfWord[w] ?? -1;
      if (owner === -1 || claim(owner, visited)) {
        ownerOfWord[w] = q;
        return true;
      }
    }
    return false;
  };
  return queryWords.every((_, q) => claim(q, new Array<boolean>(words.length).fill(false)));
}

/**
 * Classifies one item against an already-normalized, non-empty query. Every
 * query word must start a distinct word of the name or of a token for a
 * word-prefix match, so 'ann smi' finds 'Smith, Anna' and 'ann an' does not
 * find 'Anna Smith'.
 */
function matchPrepared(
  query: string,
  queryWords: readonly string[],
  texts: PreparedTexts,
): MatchKind {
  const { name, words } = texts;
  if (name !== '' && name === query) return 'exact';
  if (name !== '' && name.startsWith(query)) return 'prefix';
  if (queryWords.length === 0) return 'none';
  return eachWordMatchesADistinctWord(queryWords, words) ? 'wordPrefix' : 'none';
}

/**
 * Zulip-style triage on flattened names (diacritics folded, lower case).
 * Items keep their input order within a bucket. A blank query matches
 * everything, as a prefix.
 */
export function triage<T>(
  query: string,
  items: readonly T[],
  getTexts: (item: T) => TriageTexts,
): Triage<T> {
  return triagePrepared(query, items, (item) => prepareTexts(getTexts(item)));
}

function triagePrepared<T>(
  query: string,
  items: readonly T[],
  getTexts: (item: T) => PreparedTexts,
): Triage<T> {
  const result: Triage<T> = { exact: [], prefix: [], wordPrefix: [], rest: [] };
  const normalized = normalizeForMatch(query);
  if (normalized === '') {
    result.prefix = [...items];
    return result;
  }
  const queryWords = wordsOf(normalized);
  for (const item of items) {
    const kind = matchPrepared(normalized, queryWords, getTexts(item));
    if (kind === 'none') result.rest.push(item);
    else result[kind].push(item);
  }
  return result;
}

/** Matches an entry by title, by its keywordString tokens and by the viewer's alias for it. */
export function entryTexts(entry: SearchEntry): TriageTexts {
  const tokens = entry.keywordString.split(/\s+/).filter((t) => t !== '');
  const alias = entry.auxiliaryData.alias;
  return { name: entry.title, tokens: alias === undefined ? tokens : [...tokens, alias] };
}

/**
 * An entry's prepared texts, kept per entry object: a typeahead ranks the same
 * cache on every keystroke, and entries are not changed once built.
 */
const preparedEntries = new WeakMap<SearchEntry, PreparedTexts>();

function preparedEntryTexts(entry: SearchEntry): PreparedTexts {
  let prepared = preparedEntries.get(entry);
  if (prepared === undefined) {
    prepared = prepareTexts(entryTexts(entry));
    preparedEntries.set(entry, prepared);
  }
  return prepared;
}

/** Matching entries, exact then prefix then word-prefix; non-matching ones are dropped. */
export function rankEntries(query: string, entries: readonly SearchEntry[]): SearchEntry[] {
  const { exact, prefix, wordPrefix } = triagePrepared(query, entries, preparedEntryTexts);
  return [...exact, ...prefix, ...wordPrefix];
}
