import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatIssuePath, formatZodIssue } from './format-issue';

describe('formatIssuePath', () => {
  it.each<[PropertyKey[], string]>([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a.b'],
    [['a', 'b', 2], 'a.b[2]'],
    [[0, 'name'], '[0].name'],
    [['records', 2, 'actions', 0, 'name'], 'records[2].actions[0].name'],
    [['data', 'a.b'], 'data["a.b"]'],
    [['data', 'has space', 'x'], 'data["has space"].x'],
    [['data', ''], 'data[""]'],
    [[Symbol('sym')], 'sym'],
    [[Symbol()], '[""]'],
  ])('%j → %s', (path, field) => {
    expect(formatIssuePath(path)).toBe(field);
  });
});

describe('formatZodIssue', () => {
  const schema = z.object({ a: z.object({ b: z.array(z.int()) }), c: z.string() });

  it('names the first problem', () => {
    const result = schema.safeParse({ a: { b: [1, 2, 'x'] }, c: 5 });
    expect(result.success).toBe(false);
    expect(formatZodIssue(result.error!)).toEqual({
      field: 'a.b[2]',
      message: 'Invalid input: expected number, received string',
    });
  });

  it('keeps custom messages', () => {
    const result = z.object({ n: z.int().max(3, 'Too big') }).safeParse({ n: 4 });
    expect(formatZodIssue(result.error!)).toEqual({ field: 'n', message: 'Too big' });
  });

  it('gives an empty field for a root problem', () => {
    const result = schema.safeParse('nope');
    expect(formatZodIssue(result.error!).field).toBe('');
  });

  it('copes with an error without issues', () => {
    expect(formatZodIssue(new z.ZodError([]))).toEqual({ field: '', message: 'Invalid input' });
  });
});
