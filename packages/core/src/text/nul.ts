/**
 * U+0000 cannot be stored (PostgreSQL text refuses it) and has no place in anything a
 * person writes: input holding it is refused whole, with the field at fault, before
 * any handler runs. Returns the path of the first string holding it (`input.text`,
 * `tags[0]`), '' for the value itself, or null when there is none.
 */
export function nulCharPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharPath(item, `${path}[${String(index)}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = path === '' ? key : `${path}.${key}`;
      if (key.includes('\u0000')) return keyPath;
      const found = nulCharPath(item, keyPath);
      if (found !== null) return found;
    }
  }
  return null;
}
