import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { formatZodIssue } from './format-issue';
import {
  GROUP_PURPOSE_LIMITS,
  groupPurposeFormSchema,
  groupPurposeSchema,
  idSchema,
} from './group-purpose';
import type { GroupPurposeParams } from './group-purpose';

const fieldOf = (input: unknown, schema: z.ZodType = groupPurposeSchema) => {
  const result = schema.safeParse(input);
  return result.success ? null : formatZodIssue(result.error).field;
};
const base = { purpose: 'team', ref: 'dialog' };

describe('groupPurposeSchema', () => {
  it('fills the defaults', () => {
    expect(groupPurposeSchema.parse(base)).toEqual({
      ...base,
      coworkers_to_invite: [],
      back_disallowed: false,
    });
  });

  it('keeps every field', () => {
    const full = {
      ...base,
      name: 'Launch',
      community: '123',
      coworkers_to_invite: [1, 2],
      back_disallowed: true,
    };
    expect(groupPurposeSchema.parse(full)).toEqual(full);
  });

  it.each(['purpose', 'ref'])('requires a non-blank %s', (key) => {
    expect(fieldOf({ ...base, [key]: undefined })).toBe(key);
    expect(fieldOf({ ...base, [key]: '' })).toBe(key);
    expect(fieldOf({ ...base, [key]: '   ' })).toBe(key);
    expect(fieldOf({ ...base, [key]: 'x' })).toBeNull();
  });

  it('trims text', () => {
    expect(groupPurposeSchema.parse({ purpose: ' a ', ref: 'b ', name: ' n' })).toMatchObject({
      purpose: 'a',
      ref: 'b',
      name: 'n',
    });
  });

  it('bounds the name length', () => {
    const max = GROUP_PURPOSE_LIMITS.maxNameLength;
    expect(fieldOf({ ...base, name: 'a'.repeat(max) })).toBeNull();
    expect(fieldOf({ ...base, name: 'a'.repeat(max + 1) })).toBe('name');
  });

  it('takes a community as a company id is written in the network file', () => {
    expect(fieldOf({ ...base, community: '1' })).toBeNull();
    expect(fieldOf({ ...base, community: 'c1' })).toBeNull();
    expect(fieldOf({ ...base, community: 'c'.repeat(64) })).toBeNull();
    expect(fieldOf({ ...base, community: 'c'.repeat(65) })).toBe('community');
    expect(fieldOf({ ...base, community: ' c1' })).toBe('community');
    expect(fieldOf({ ...base, community: 123 })).toBe('community');
  });

  it('takes positive integer coworker ids, at most the cap', () => {
    const max = GROUP_PURPOSE_LIMITS.maxCoworkers;
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(fieldOf({ ...base, coworkers_to_invite: ids(max) })).toBeNull();
    expect(fieldOf({ ...base, coworkers_to_invite: ids(max + 1) })).toBe('coworkers_to_invite');
    expect(fieldOf({ ...base, coworkers_to_invite: [1, 2.5] })).toBe('coworkers_to_invite[1]');
    expect(fieldOf({ ...base, coworkers_to_invite: [0] })).toBe('coworkers_to_invite[0]');
  });

  it('takes a boolean back_disallowed', () => {
    expect(fieldOf({ ...base, back_disallowed: 'true' })).toBe('back_disallowed');
  });
});

describe('idSchema', () => {
  it.each([
    ['1', true],
    ['1'.repeat(GROUP_PURPOSE_LIMITS.maxIdDigits), true],
    ['1'.repeat(GROUP_PURPOSE_LIMITS.maxIdDigits + 1), false],
    ['', false],
    ['-1', false],
    [' 1', false],
  ])('%j valid: %j', (id, valid) => {
    expect(idSchema.safeParse(id).success).toBe(valid);
  });
});

describe('groupPurposeFormSchema', () => {
  it('reads a posted form', () => {
    expect(
      groupPurposeFormSchema.parse({
        ...base,
        name: '',
        community: '',
        coworkers_to_invite: '4,5',
        back_disallowed: 'on',
      }),
    ).toEqual({ ...base, coworkers_to_invite: [4, 5], back_disallowed: true });
  });

  it('fills the defaults when fields are missing', () => {
    expect(groupPurposeFormSchema.parse(base)).toEqual({
      ...base,
      coworkers_to_invite: [],
      back_disallowed: false,
    });
  });

  it('names the bad coworker', () => {
    expect(fieldOf({ ...base, coworkers_to_invite: ['1', 'x'] }, groupPurposeFormSchema)).toBe(
      'coworkers_to_invite[1]',
    );
    expect(fieldOf({ ...base, back_disallowed: 'maybe' }, groupPurposeFormSchema)).toBe(
      'back_disallowed',
    );
  });
});

it('the form variant yields the strict type', () => {
  expectTypeOf<z.output<typeof groupPurposeFormSchema>>().toEqualTypeOf<GroupPurposeParams>();
});
