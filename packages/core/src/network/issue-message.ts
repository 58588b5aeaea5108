import type { z } from 'zod';

/** Zod's name for an expected type → how the error message says it. */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  tuple: 'an array',
  object: 'an object',
  record: 'an object',
  null: 'null',
};

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function orList(values: readonly unknown[]): string {
  const shown = values.map((value) => JSON.stringify(value));
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} or ${String(shown.at(-1))}`;
}

function plural(count: number | bigint, noun: string): string {
  return `${String(count)} ${noun}${Number(count) === 1 ? '' : 's'}`;
}

function sizeMessage(
  origin: string,
  bound: number | bigint,
  inclusive: boolean | undefined,
  least: boolean,
): string {
  const which = least ? 'at least' : 'at most';
  if (origin === 'string') {
    return least && Number(bound) === 1
      ? 'must not be empty'
      : `expected ${which} ${plural(bound, 'character')}`;
  }
  if (origin === 'array' || origin === 'set') return `expected ${which} ${plural(bound, 'item')}`;
  if (inclusive === false) return `expected a number ${least ? 'above' : 'below'} ${String(bound)}`;
  return `expected a number ${which} ${String(bound)}`;
}

/**
 * The per-parse error map of network validation: short messages in the form
 * the path error shows them (`people[3].account: expected "personal" or "work"`).
 * Schema-level messages (digit ids, URLs...) take precedence over it.
 */
export function networkIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      if (issue.input === undefined) return 'required';
      return `expected ${orList(issue.values)}`;
    case 'too_small':
      return sizeMessage(issue.origin, issue.minimum, issue.inclusive, true);
    case 'too_big':
      return sizeMessage(issue.origin, issue.maximum, issue.inclusive, false);
    case 'invalid_format':
      return 'has an invalid format';
    default:
      return 'is invalid';
  }
}
