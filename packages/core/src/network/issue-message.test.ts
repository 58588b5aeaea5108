import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { networkIssueMessage, orList } from './issue-message';

function messageFor(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value, { error: networkIssueMessage, reportInput: true });
  return result.error?.issues[0]?.message;
}

describe('orList', () => {
  it('joins quoted values with commas and a final "or"', () => {
    expect(orList([])).toBe('');
    expect(orList(['a'])).toBe('"a"');
    expect(orList(['a', 'b'])).toBe('"a" or "b"');
    expect(orList(['a', 'b', 'c'])).toBe('"a", "b" or "c"');
    expect(orList([0, 1])).toBe('0 or 1');
  });
});

describe('networkIssueMessage', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['missing value', z.object({ a: z.string() }), {}, 'required'],
    ['wrong type', z.string(), 5, 'expected a string'],
    ['unnamed type', z.bigint(), 5, 'expected bigint'],
    ['enum', z.enum(['x', 'y']), 'z', 'expected "x" or "y"'],
    ['empty string', z.string().min(1), '', 'must not be empty'],
    ['short string', z.string().min(3), 'ab', 'expected at least 3 characters'],
    ['long string', z.string().max(1), 'ab', 'expected at most 1 character'],
    ['few items', z.array(z.int()).min(2), [1], 'expected at least 2 items'],
    ['many items', z.array(z.int()).max(1), [1, 2], 'expected at most 1 item'],
    ['small number', z.number().min(1), 0, 'expected a number at least 1'],
    ['positive number', z.number().positive(), 0, 'expected a number above 0'],
    ['negative number', z.number().negative(), 0, 'expected a number below 0'],
    ['big number', z.number().max(9), 10, 'expected a number at most 9'],
    ['format', z.string().regex(/^a$/), 'b', 'has an invalid format'],
    ['other problems', z.number().multipleOf(2), 3, 'is invalid'],
  ])('%s', (_name, schema, value, expected) => {
    expect(messageFor(schema, value)).toBe(expected);
  });
});
