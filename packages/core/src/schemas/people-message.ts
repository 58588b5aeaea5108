import { z } from 'zod';
import { formatIssuePath, type FieldProblem } from './format-issue';

type Issue = z.core.$ZodIssue;

/** The parts of a zod schema's definition the label search walks through. */
interface SchemaDef {
  type?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
}

const defOf = (schema: z.ZodType): SchemaDef =>
  (schema as unknown as { def?: SchemaDef }).def ?? {};

/** Wrappers that hold the schema a value is really checked by. */
function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType;
    case 'pipe':
      return def.in;
    default:
      return undefined;
  }
}

/** The description given to the schema or to any wrapper of it (`.describe('Group names')`). */
function describedAs(schema: z.ZodType | undefined): string | undefined {
  for (let at = schema; at !== undefined; at = innerOf(at)) {
    if (at.description !== undefined) return at.description;
  }
  return undefined;
}

function childOf(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  for (let at: z.ZodType | undefined = schema; at !== undefined; at = innerOf(at)) {
    const def = defOf(at);
    if (def.type === 'object' && typeof key === 'string') return def.shape?.[key];
    if (def.type === 'array' && typeof key === 'number') return def.element;
    if (def.type === 'tuple' && typeof key === 'number') return def.items?.[key];
    if (def.type === 'record') return def.valueType;
  }
  return undefined;
}

/** "participant_ids" → "Participant ids". */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? 'This value' : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/**
 * What the person knows the value as: the description of the schema at the
 * issue's path (schemas name themselves for people with `.describe()`), else
 * the field's key in words; never a per-field table here.
 */
export function labelOf(schema: z.ZodType | undefined, path: readonly PropertyKey[]): string {
  let at = schema;
  for (const key of path) at = at === undefined ? undefined : childOf(at, key);
  const described = describedAs(at);
  if (described !== undefined) return described;
  const lastName = [...path].reverse().find((key) => typeof key === 'string');
  return humanize(lastName ?? '');
}

/** How zod's own English messages begin (its issues keep no input to make them again from). */
const ZOD_WORDING =
  /^(Invalid (input|option|string|number|key|element|value)|Too (big|small)|Unrecognized key)/;

/** zod's own English for an issue: a message like it was not written for people by a schema. */
function isDefaultMessage(issue: Issue): boolean {
  const made = z.core.globalConfig.localeError?.(issue as never);
  const text = typeof made === 'string' ? made : made?.message;
  return text === issue.message || ZOD_WORDING.test(issue.message);
}

const KIND_OF: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

const listOf = (values: readonly unknown[]): string =>
  values.map((value) => (typeof value === 'string' ? `“${value}”` : String(value))).join(', ');

/** One issue in words for people, naming the limit; the label is what the value is called. */
export function peopleMessageOf(issue: Issue, label: string): string {
  if (!isDefaultMessage(issue)) return issue.message;
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum) - (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string') return `${label} can be at most ${String(max)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} can have at most ${String(max)} entries.`;
      return `${label} can be at most ${String(max)}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum) + (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string')
        return min <= 1
          ? `${label} can't be empty.`
          : `${label} needs at least ${String(min)} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} needs at least ${String(min)} ${min === 1 ? 'entry' : 'entries'}.`;
      return `${label} must be at least ${String(min)}.`;
    }
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return `${label} must be given.`;
      return `${label} must be ${KIND_OF[issue.expected] ?? issue.expected}.`;
    case 'invalid_value':
      return issue.values.length <= 8
        ? `${label} must be one of ${listOf(issue.values)}.`
        : `${label} is not one of the allowed values.`;
    case 'invalid_format':
      return `${label} is not in the expected format.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}.`;
    default:
      return `${label} is not valid.`;
  }
}

/**
 * The first problem of a failed parse as a 400 names it: the field's path for
 * programs, and a sentence for people that names the limit ("Group names can
 * be at most 250 characters."). `schema` is the one that failed, to find the
 * label it gives the value.
 */
export function explainZodError(error: z.ZodError, schema?: z.ZodType): FieldProblem {
  const [first] = error.issues;
  if (first === undefined) return { field: '', message: 'Something in this request is not valid.' };
  return {
    field: formatIssuePath(first.path),
    message: peopleMessageOf(first, labelOf(schema, first.path)),
  };
}
