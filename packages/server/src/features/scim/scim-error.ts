import { formatZodIssue, type ScimProblem, type ScimType } from '@messenger/core';
import type { z } from 'zod';

/** A refusal in the SCIM error shape (RFC 7644 3.12); the SCIM routes' error handler sends it. */
export class ScimError extends Error {
  constructor(readonly problem: ScimProblem) {
    super(problem.detail);
    this.name = 'ScimError';
  }
}

export const scimError = (status: number, detail: string, scimType?: ScimType): ScimError =>
  new ScimError(scimType === undefined ? { status, detail } : { status, detail, scimType });

export const scimNotFound = (type: 'User' | 'Group', id: string): ScimError =>
  scimError(404, `${type} ${id} not found.`);

/** Parses with a core schema; the first problem becomes a 400 naming the attribute. */
export function parseScim<T>(schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { field, message } = formatZodIssue(parsed.error);
  // RFC 7644 3.12: a wrong or missing attribute is invalidValue; a body of the wrong shape, invalidSyntax.
  const scimType: ScimType = field === '' ? 'invalidSyntax' : 'invalidValue';
  throw scimError(400, field === '' ? message : `${field}: ${message}`, scimType);
}
