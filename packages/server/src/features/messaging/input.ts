import { explainZodError } from '@messenger/core';
import type { z } from 'zod';
import { badRequest } from '../../errors';

/**
 * Validates service input; the first problem becomes a 400 naming its field,
 * before anything is written. The message is for people (the web shows it):
 * "Group names can be at most 250 characters.", from the schema's own labels.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problem = explainZodError(parsed.error, schema);
  throw badRequest(problem.field === '' ? 'input' : problem.field, problem.message);
}
