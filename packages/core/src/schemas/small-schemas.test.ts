import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BUG_REPORT_LIMITS, bugReportFormSchema, bugReportSchema } from './bug-report';
import { employeeBetaSettingsFormSchema, employeeBetaSettingsSchema } from './employee-beta';
import { formatZodIssue } from './format-issue';
import { nuxIdSchema, nuxSchema } from './nux';

function fieldOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? null : formatZodIssue(result.error).field;
}

describe('nuxSchema', () => {
  it.each(['1', '12345678901234567890', 'group_call_intro', 'beta-nux', 'a1'])(
    'accepts %j',
    (id) => {
      expect(nuxSchema.parse({ nux_id: id })).toEqual({ nux_id: id });
    },
  );

  it.each(['', 'Group', 'a__b', '_a', 'a-', 'a b', 'a'.repeat(65)])('refuses %j', (id) => {
    expect(fieldOf(nuxSchema, { nux_id: id })).toBe('nux_id');
  });

  it('accepts 64 characters and requires nux_id', () => {
    expect(nuxIdSchema.safeParse('a'.repeat(64)).success).toBe(true);
    expect(fieldOf(nuxSchema, {})).toBe('nux_id');
    expect(fieldOf(nuxSchema, { nux_id: 5 })).toBe('nux_id');
  });
});

describe('employeeBetaSettingsSchema', () => {
  it('requires both booleans', () => {
    expect(employeeBetaSettingsSchema.parse({ enabled: true, redirect: false })).toEqual({
      enabled: true,
      redirect: false,
    });
    expect(fieldOf(employeeBetaSettingsSchema, { redirect: false })).toBe('enabled');
    expect(fieldOf(employeeBetaSettingsSchema, { enabled: true })).toBe('redirect');
    expect(fieldOf(employeeBetaSettingsSchema, { enabled: 'true', redirect: false })).toBe(
      'enabled',
    );
  });

  it('reads a posted form', () => {
    expect(employeeBetaSettingsFormSchema.parse({ enabled: '1', redirect: 'false' })).toEqual({
      enabled: true,
      redirect: false,
    });
    expect(fieldOf(employeeBetaSettingsFormSchema, { enabled: '1' })).toBe('redirect');
  });
});

describe('bugReportSchema', () => {
  const max = BUG_REPORT_LIMITS.maxDescriptionLength;

  it('bounds the description between 1 and 5000 characters', () => {
    expect(max).toBe(5_000);
    expect(fieldOf(bugReportSchema, { description: 'a' })).toBeNull();
    expect(fieldOf(bugReportSchema, { description: 'a'.repeat(max) })).toBeNull();
    expect(fieldOf(bugReportSchema, { description: '' })).toBe('description');
    expect(fieldOf(bugReportSchema, { description: '   ' })).toBe('description');
    expect(fieldOf(bugReportSchema, { description: 'a'.repeat(max + 1) })).toBe('description');
    expect(fieldOf(bugReportSchema, {})).toBe('description');
  });

  it('takes an optional category slug', () => {
    expect(bugReportSchema.parse({ description: 'x', category: 'calls' })).toEqual({
      description: 'x',
      category: 'calls',
    });
    expect(fieldOf(bugReportSchema, { description: 'x', category: 'Calls' })).toBe('category');
    expect(fieldOf(bugReportSchema, { description: 'x', category: 'a'.repeat(65) })).toBe(
      'category',
    );
  });

  it('takes an optional http(s) url only', () => {
    expect(
      fieldOf(bugReportSchema, { description: 'x', url: 'https://example.com/t/1' }),
    ).toBeNull();
    expect(
      fieldOf(bugReportSchema, { description: 'x', url: 'http://localhost:3000/' }),
    ).toBeNull();
    expect(fieldOf(bugReportSchema, { description: 'x', url: 'javascript:alert(1)' })).toBe('url');
    expect(fieldOf(bugReportSchema, { description: 'x', url: 'not a url' })).toBe('url');
    const long = `https://example.com/${'a'.repeat(BUG_REPORT_LIMITS.maxUrlLength)}`;
    expect(fieldOf(bugReportSchema, { description: 'x', url: long })).toBe('url');
  });

  it('reads a posted form with blank optional fields', () => {
    expect(bugReportFormSchema.parse({ description: ' broken ', category: '', url: '' })).toEqual({
      description: 'broken',
    });
  });
});
