import { createHash } from 'node:crypto';
import { parseScimFilter, type ScimFilter, type ScimListQuery } from '@messenger/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import { scimError } from './scim-error';

/** What every SCIM resource shares: where it lives and its version. */
export interface ResourceMeta {
  resourceType: 'User' | 'Group';
  location: string;
  created?: string;
  lastModified?: string;
  version: string;
}

/**
 * The version is a digest of the representation itself (RFC 7644 3.14 lets
 * the server choose): it changes whenever anything a client can see changes,
 * through SCIM, the admin API or a re-import alike, with no counter to keep.
 */
export function versionOf(representation: Record<string, unknown>): string {
  const digest = createHash('sha256').update(JSON.stringify(representation)).digest('base64url');
  return `W/"${digest.slice(0, 22)}"`;
}

export function withMeta(
  representation: Record<string, unknown>,
  meta: Omit<ResourceMeta, 'version'>,
): Record<string, unknown> & { meta: ResourceMeta } {
  return { ...representation, meta: { ...meta, version: versionOf(representation) } };
}

const iso = (millis: number | null): string | undefined =>
  millis === null ? undefined : new Date(millis).toISOString();

export function timestamps(
  created: number | null,
  updated: number | null,
): { created?: string; lastModified?: string } {
  const out: { created?: string; lastModified?: string } = {};
  const c = iso(created);
  const u = iso(updated);
  if (c !== undefined) out.created = c;
  if (u !== undefined) out.lastModified = u;
  return out;
}

/**
 * RFC 7644 3.14: a write with If-Match must name the current version (or
 * `*`); otherwise 412 and nothing is written.
 */
export function checkIfMatch(ifMatch: string | undefined, current: string): void {
  if (ifMatch === undefined) return;
  const wanted = ifMatch.split(',').map((tag) => tag.trim());
  // Weak comparison (RFC 9110 8.8.3.2): W/"x" and "x" name the same version.
  const strip = (tag: string): string => tag.replace(/^W\//, '');
  if (wanted.includes('*') || wanted.some((tag) => strip(tag) === strip(current))) return;
  throw scimError(412, 'The resource changed since that version (If-Match).');
}

/** The columns a filter may name, each an SQL expression of the list's query. */
export type FilterColumns = Record<string, { text: Expression<string | null> } | { active: true }>;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE condition of a list filter; unknown attributes are refused as invalidFilter. */
export function filterCondition(
  text: string | undefined,
  columns: FilterColumns,
  activeColumn?: Expression<number>,
): Expression<SqlBool> | null {
  if (text === undefined || text.trim() === '') return null;
  const parsed = parseScimFilter(text);
  if ('problem' in parsed) throw scimError(400, parsed.problem.detail, 'invalidFilter');
  const filter: ScimFilter = parsed.filter;
  const key = Object.keys(columns).find((k) => k.toLowerCase() === filter.attribute.toLowerCase());
  const column = key === undefined ? undefined : columns[key];
  if (column === undefined) {
    throw scimError(400, `Filtering on ${filter.attribute} is not supported.`, 'invalidFilter');
  }
  if ('active' in column) {
    if (activeColumn === undefined || typeof filter.value !== 'boolean' || filter.op === 'pr') {
      throw scimError(400, 'active is compared with eq or ne and true or false.', 'invalidFilter');
    }
    const wantActive = filter.op === 'eq' ? filter.value : !filter.value;
    return sql<SqlBool>`${activeColumn} ${sql.raw(wantActive ? '=' : '<>')} 0`;
  }
  const col = column.text;
  if (filter.op === 'pr') return sql<SqlBool>`(${col} is not null and ${col} <> '')`;
  if (typeof filter.value !== 'string') {
    throw scimError(400, `${filter.attribute} is compared with a string.`, 'invalidFilter');
  }
  const value = filter.value.toLowerCase();
  switch (filter.op) {
    case 'eq':
      return sql<SqlBool>`lower(${col}) = ${value}`;
    case 'ne':
      return sql<SqlBool>`(${col} is null or lower(${col}) <> ${value})`;
    case 'co':
      return sql<SqlBool>`lower(${col}) like ${`%${escapeLike(value)}%`} escape '\\'`;
    case 'sw':
      return sql<SqlBool>`lower(${col}) like ${`${escapeLike(value)}%`} escape '\\'`;
    case 'ew':
      return sql<SqlBool>`lower(${col}) like ${`%${escapeLike(value)}`} escape '\\'`;
  }
}

/** RFC 7644 3.4.2: the ListResponse of one page. */
export function listResponse(
  query: ScimListQuery,
  total: number,
  resources: readonly Record<string, unknown>[],
): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
    totalResults: total,
    startIndex: query.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** Drops what a client never writes back (RFC 7643 3.1: id and meta are read-only). */
export function writable(resource: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => key !== 'id' && key !== 'meta' && key !== 'schemas'),
  );
}
