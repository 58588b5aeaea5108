import type { ScimProblem } from './schemas';

/**
 * The filters of RFC 7644 3.4.2.2 a provisioning client needs to find a
 * resource before creating it: one comparison, `attribute eq "value"` (and
 * `ne`, `co`, `sw`, `ew`, `pr`). Combinations with and/or/not and groupings
 * are refused as `invalidFilter` rather than half understood.
 */
export type ScimFilterOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'pr';

export interface ScimFilter {
  /** As written, without a schema URN prefix (compare case-insensitively). */
  attribute: string;
  op: ScimFilterOp;
  /** The compared value; null for `pr`, and for a literal `null`. */
  value: string | boolean | number | null;
}

const COMPARISON =
  /^\s*([A-Za-z][\w:.-]*?)\s+(eq|ne|co|sw|ew|gt|ge|lt|le)\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*$/i;
const PRESENT = /^\s*([A-Za-z][\w:.-]*?)\s+pr\s*$/i;
const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i;

const invalid = (detail: string): ScimProblem => ({
  status: 400,
  scimType: 'invalidFilter',
  detail,
});

function literal(text: string): string | boolean | number | null {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  return Number(text);
}

export function parseScimFilter(text: string): { filter: ScimFilter } | { problem: ScimProblem } {
  const present = PRESENT.exec(text);
  if (present !== null) {
    return {
      filter: { attribute: (present[1] ?? '').replace(CORE_PREFIX, ''), op: 'pr', value: null },
    };
  }
  const match = COMPARISON.exec(text);
  if (match === null) {
    return {
      problem: invalid(
        'The filter must be one comparison such as userName eq "bjensen"; and, or, not and brackets are not supported.',
      ),
    };
  }
  const op = (match[2] ?? '').toLowerCase();
  if (op === 'gt' || op === 'ge' || op === 'lt' || op === 'le') {
    return { problem: invalid(`The operator ${op} is not supported here.`) };
  }
  let value: ScimFilter['value'];
  try {
    value = literal(match[3] ?? '');
  } catch {
    return { problem: invalid('The filter value is not a valid JSON string.') };
  }
  return {
    filter: {
      attribute: (match[1] ?? '').replace(CORE_PREFIX, ''),
      op: op as ScimFilterOp,
      value,
    },
  };
}

/** Case-insensitive string matching (userName, displayName and externalId are caseExact false here). */
export function scimFilterMatches(filter: ScimFilter, actual: unknown): boolean {
  if (filter.op === 'pr') return actual !== undefined && actual !== null && actual !== '';
  if (typeof actual !== 'string' || typeof filter.value !== 'string') {
    const equal = actual === filter.value;
    return filter.op === 'ne' ? !equal : filter.op === 'eq' && equal;
  }
  const a = actual.toLowerCase();
  const v = filter.value.toLowerCase();
  switch (filter.op) {
    case 'eq':
      return a === v;
    case 'ne':
      return a !== v;
    case 'co':
      return a.includes(v);
    case 'sw':
      return a.startsWith(v);
    case 'ew':
      return a.endsWith(v);
  }
}
