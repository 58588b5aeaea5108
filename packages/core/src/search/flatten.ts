/**
 * Letters that NFD does not decompose into a base letter plus marks, so
 * stripping combining marks alone would leave them unmatched by ASCII queries.
 */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
};

const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'g');

/** Lower-cases and folds diacritics: 'Ångström' → 'angstrom', 'Straße' → 'strasse'. */
export function flattenName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/** Words of a flattened text: runs of letters and digits, so "o'brien-smith" has three. */
export function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/** Flattened, trimmed, with inner whitespace collapsed: the form names are compared in. */
export function normalizeForMatch(text: string): string {
  return flattenName(text).trim().replace(/\s+/g, ' ');
}

function sortKey(name: string | null | undefined): string | null {
  if (name == null) return null;
  const key = normalizeForMatch(name);
  return key === '' ? null : key;
}

/**
 * Orders names by their flattened lower-case form (seed 5), unknown (null,
 * undefined or blank) names last. Compares code units rather than using
 * localeCompare so the order is the same on server and in every browser.
 */
export function compareByFlattenedName(
  a: string | null | undefined,
  b: string | null | undefined,
): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  if (ka === null || kb === null) return ka === kb ? 0 : ka === null ? 1 : -1;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** A sorted copy; items with equal names keep their input order. */
export function sortByFlattenedName<T>(
  items: readonly T[],
  nameOf: (item: T) => string | null | undefined,
): T[] {
  return [...items].sort((x, y) => compareByFlattenedName(nameOf(x), nameOf(y)));
}
