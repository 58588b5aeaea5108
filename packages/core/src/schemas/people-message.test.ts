import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGroupInputSchema } from '../sync/message-input';
import { explainZodError, labelOf } from './people-message';

const explain = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return explainZodError(result.error, schema);
};

describe('explainZodError', () => {
  it('words a 300-character group name for people, naming the limit', () => {
    expect(
      explain(createGroupInputSchema, { name: 'x'.repeat(300), participant_ids: ['1', '2'] }),
    ).toEqual({ field: 'name', message: 'Group names can be at most 250 characters.' });
  });

  it('finds a label through wrappers, arrays and records, else words the key', () => {
    const schema = z.object({
      people: z.array(z.object({ nick_name: z.string().max(5).optional() })),
      tags: z.record(z.string(), z.string().min(2).describe('Tags')).optional(),
    });
    expect(labelOf(schema, ['people', 0, 'nick_name'])).toBe('Nick name');
    expect(explain(schema, { people: [{ nick_name: 'abcdefgh' }] })).toEqual({
      field: 'people[0].nick_name',
      message: 'Nick name can be at most 5 characters.',
    });
    expect(explain(schema, { people: [], tags: { a: 'x' } }).message).toBe(
      'Tags needs at least 2 characters.',
    );
    expect(labelOf(undefined, [])).toBe('This value');
  });

  it.each<[z.ZodType, unknown, string]>([
    [z.object({ title: z.string().min(1) }), { title: '' }, "Title can't be empty."],
    [z.object({ title: z.string() }), {}, 'Title must be given.'],
    [z.object({ count: z.number() }), { count: 'x' }, 'Count must be a number.'],
    [z.object({ count: z.int().max(9) }), { count: 10 }, 'Count can be at most 9.'],
    [z.object({ count: z.int().min(2) }), { count: 1 }, 'Count must be at least 2.'],
    [z.object({ count: z.number().lt(5) }), { count: 5 }, 'Count can be at most 4.'],
    [
      z.object({ ids: z.array(z.string()).max(1) }),
      { ids: ['a', 'b'] },
      'Ids can have at most 1 entries.',
    ],
    [z.object({ ids: z.array(z.string()).min(1) }), { ids: [] }, 'Ids needs at least 1 entry.'],
    [z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' }, 'Kind must be one of “a”, “b”.'],
    [z.object({ mail: z.email() }), { mail: 'nope' }, 'Mail is not in the expected format.'],
    [z.object({ n: z.number().multipleOf(5) }), { n: 3 }, 'N must be a multiple of 5.'],
    [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Unknown field: b.'],
  ])('case %#', (schema, value, message) => {
    expect(explain(schema, value).message).toBe(message);
  });

  it('keeps a message the schema wrote itself', () => {
    const schema = z.object({ id: z.string().regex(/^\d+$/, 'Expected digits') });
    expect(explain(schema, { id: 'x' })).toEqual({ field: 'id', message: 'Expected digits' });
  });

  it('copes with an error without issues', () => {
    expect(explainZodError(new z.ZodError([])).field).toBe('');
  });
});
