import { parseScimFilter, scimFilterMatches, type ScimFilter } from './filter';
import type { ScimPatchOperation, ScimProblem } from './schemas';

/**
 * RFC 7644 3.5.2 PATCH, applied to a resource's writable attributes as a
 * plain JSON object: the server reads the resource, applies the operations
 * here (pure, all or nothing), checks the result with the same schema as a
 * PUT, and writes it in one transaction.
 *
 * Paths: none (the value's attributes), `attr`, `attr.sub`, a core schema URN
 * prefix, and a value filter on a multi-valued attribute
 * (`members[value eq "2819c223"]`, `emails[type eq "work"].value`).
 */
export type ScimResourceJson = Record<string, unknown>;

export interface PatchTarget {
  /** Canonical attribute names this resource takes, and which of them hold a list. */
  attributes: readonly string[];
  multiValued: readonly string[];
  /** Attributes a client may not change (`id`, `meta`...): mutability error. */
  readOnly: readonly string[];
}

interface ParsedPath {
  attribute: string;
  filter: ScimFilter | null;
  sub: string | null;
}

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i;
const PATH = /^([A-Za-z$][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z$][\w$-]*))?$/;

const problem = (
  scimType: NonNullable<ScimProblem['scimType']>,
  detail: string,
): { problem: ScimProblem } => ({
  problem: { status: 400, scimType, detail },
});

function canonical(target: PatchTarget, name: string): string | undefined {
  const lower = name.toLowerCase();
  return [...target.attributes, ...target.readOnly].find((a) => a.toLowerCase() === lower);
}

function parsePath(
  target: PatchTarget,
  raw: string,
): { path: ParsedPath } | { problem: ScimProblem } {
  const match = PATH.exec(raw.replace(CORE_PREFIX, ''));
  if (match === null) return problem('invalidPath', `The path "${raw}" is not a valid SCIM path.`);
  const attribute = canonical(target, match[1] ?? '');
  if (attribute === undefined) {
    return problem('invalidPath', `The path "${raw}" names no attribute of this resource.`);
  }
  if (target.readOnly.includes(attribute)) {
    return {
      problem: { status: 400, scimType: 'mutability', detail: `${attribute} is read-only.` },
    };
  }
  let filter: ScimFilter | null = null;
  if (match[2] !== undefined) {
    if (!target.multiValued.includes(attribute)) {
      return problem('invalidPath', `${attribute} is not multi-valued; it takes no filter.`);
    }
    const parsed = parseScimFilter(match[2]);
    if ('problem' in parsed) return problem('invalidPath', parsed.problem.detail);
    filter = parsed.filter;
  }
  return { path: { attribute, filter, sub: match[3] ?? null } };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function itemMatches(item: unknown, filter: ScimFilter): boolean {
  if (!isObject(item)) return false;
  const key = Object.keys(item).find((k) => k.toLowerCase() === filter.attribute.toLowerCase());
  return scimFilterMatches(filter, key === undefined ? undefined : item[key]);
}

/** The same member (by `value`) added twice stays once: add is idempotent for lists of references. */
function appendDistinct(list: unknown[], values: unknown[]): unknown[] {
  const out = [...list];
  for (const value of values) {
    const ref = isObject(value) ? value.value : undefined;
    const known = ref !== undefined && out.some((item) => isObject(item) && item.value === ref);
    if (!known) out.push(value);
  }
  return out;
}

function applyToAttribute(
  resource: ScimResourceJson,
  target: PatchTarget,
  op: ScimPatchOperation,
  path: ParsedPath,
): { problem: ScimProblem } | null {
  const { attribute, filter, sub } = path;
  const multi = target.multiValued.includes(attribute);
  const current = resource[attribute];
  if (filter !== null) {
    const list: unknown[] = Array.isArray(current) ? (current as unknown[]) : [];
    const hits = list.filter((item) => itemMatches(item, filter));
    if (hits.length === 0 && op.op !== 'add') {
      // RFC 7644 3.5.2.2/3: a remove or replace whose filter matches nothing.
      return problem('noTarget', `No value of ${attribute} matches the filter.`);
    }
    if (op.op === 'remove') {
      resource[attribute] =
        sub === null
          ? list.filter((item) => !hits.includes(item))
          : list.map((item) => (hits.includes(item) && isObject(item) ? omit(item, sub) : item));
    } else if (sub === null) {
      if (!isObject(op.value)) return problem('invalidValue', `${attribute} values are objects.`);
      const value = op.value;
      resource[attribute] = list.map((item) =>
        hits.includes(item) && isObject(item) ? { ...item, ...value } : item,
      );
    } else {
      resource[attribute] = list.map((item) =>
        hits.includes(item) && isObject(item) ? { ...item, [sub]: op.value } : item,
      );
    }
    return null;
  }
  if (sub !== null) {
    const base = isObject(current) ? current : {};
    if (op.op === 'remove') resource[attribute] = omit(base, sub);
    else resource[attribute] = { ...base, [sub]: op.value };
    return null;
  }
  if (op.op === 'remove') {
    Reflect.deleteProperty(resource, attribute);
    return null;
  }
  if (multi) {
    const values = Array.isArray(op.value) ? op.value : [op.value];
    resource[attribute] =
      op.op === 'add' ? appendDistinct(Array.isArray(current) ? current : [], values) : values;
    return null;
  }
  resource[attribute] =
    op.op === 'add' && isObject(current) && isObject(op.value)
      ? { ...current, ...op.value }
      : op.value;
  return null;
}

function omit(item: Record<string, unknown>, key: string): Record<string, unknown> {
  const out = { ...item };
  const found = Object.keys(out).find((k) => k.toLowerCase() === key.toLowerCase());
  if (found !== undefined) Reflect.deleteProperty(out, found);
  return out;
}

/**
 * Applies the operations in order to a copy of the resource; the first
 * operation that cannot apply refuses them all (RFC 7644 3.5.2: atomic).
 */
export function applyScimPatch(
  resource: ScimResourceJson,
  target: PatchTarget,
  operations: readonly ScimPatchOperation[],
): { resource: ScimResourceJson } | { problem: ScimProblem } {
  // A resource is JSON: a JSON copy is a deep one.
  const next = JSON.parse(JSON.stringify(resource)) as ScimResourceJson;
  for (const op of operations) {
    if (op.path === undefined) {
      if (op.op === 'remove') return problem('noTarget', 'A remove operation needs a path.');
      if (!isObject(op.value)) {
        return problem(
          'invalidValue',
          'Without a path, the value must be an object of attributes.',
        );
      }
      for (const [key, value] of Object.entries(op.value)) {
        const parsed = parsePath(target, key);
        if ('problem' in parsed) return parsed;
        const failed = applyToAttribute(next, target, { op: op.op, value }, parsed.path);
        if (failed !== null) return failed;
      }
      continue;
    }
    const parsed = parsePath(target, op.path);
    if ('problem' in parsed) return parsed;
    if (op.op !== 'remove' && op.value === undefined) {
      return problem('invalidValue', `The ${op.op} operation needs a value.`);
    }
    const failed = applyToAttribute(next, target, op, parsed.path);
    if (failed !== null) return failed;
  }
  return { resource: next };
}
