/**
 * PostgreSQL array literals built in one `join`, for the arrays a send batch
 * binds (hundreds of elements each). node-postgres serializes a bound JS
 * array element by element, each number through two regex replacements and
 * three concatenations: in a heap profile of the delivery bench that was a
 * quarter of a node's allocations. Bound as text, the literal is cast by the
 * statement (`$1::integer[]`).
 */

/** `{1,2,NULL}`: integers need no quoting. */
export function integerArrayLiteral(values: readonly (number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}

/** `{t,f}`. */
export function booleanArrayLiteral(values: readonly boolean[]): string {
  return `{${values.map((v) => (v ? 't' : 'f')).join(',')}}`;
}

const BARE_ELEMENT = /^[0-9]+$/;

/**
 * `{12,34,NULL}`: ids of digits need no quoting; any other text (or an empty
 * string) is quoted with its backslashes and quotes escaped.
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map(textElement).join(',')}}`;
}

function textElement(value: string | null): string {
  if (value === null) return 'NULL';
  if (BARE_ELEMENT.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * Texts joined by U+001E, for `string_to_array($1, E'\x1e')`: no quoting, no
 * escaping, and PostgreSQL splits it without parsing an array literal. Only
 * for texts that cannot hold that character, such as JSON from
 * `JSON.stringify`, which escapes every control character.
 */
export const RECORD_SEPARATOR = '\u001e';

export function recordSeparated(values: readonly string[]): string {
  for (const value of values) {
    if (value.includes(RECORD_SEPARATOR)) throw new Error('a text holds the record separator');
  }
  return values.join(RECORD_SEPARATOR);
}
