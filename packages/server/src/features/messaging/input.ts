import { formatZodIssue } from '@messenger/core';
import type { z } from 'zod';
import { badRequest } from '../../errors';

/** Validates service input; the first problem becomes a 400 naming its field, before anything is written. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problem = formatZodIssue(parsed.error);
  const field = problem.field === '' ? 'input' : problem.field;
  throw badRequest(field, `${field}: ${problem.message}`);
}
