import type { z } from 'zod';

export interface FieldProblem {
  /** Dotted path with array indices, e.g. `records[2].actions[0].name`; '' for the root. */
  field: string;
  message: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatIssuePath(path: readonly PropertyKey[]): string {
  let field = '';
  for (const key of path) {
    if (typeof key === 'number') {
      field += `[${key}]`;
    } else {
      const name = typeof key === 'symbol' ? (key.description ?? '') : key;
      // Record keys can hold dots or spaces; quote them so the path stays unambiguous.
      if (!IDENTIFIER.test(name)) field += `[${JSON.stringify(name)}]`;
      else field += field === '' ? name : `.${name}`;
    }
  }
  return field;
}

/** Names the first problem, which is what the server answers a 400 with. */
export function formatZodIssue(error: z.ZodError): FieldProblem {
  const [first] = error.issues;
  if (first === undefined) return { field: '', message: 'Invalid input' };
  return { field: formatIssuePath(first.path), message: first.message };
}
