import { z } from 'zod';
import { badArgument } from './errors';

/*
 * Opaque cursors: base64url of `<kind>:<payload>`. The kind ties a cursor to
 * the list that issued it, so a cursor of one list given to another is a
 * bad_request rather than a silently wrong page.
 */

export function encodeCursor(kind: string, payload: string): string {
  return Buffer.from(`${kind}:${payload}`, 'utf8').toString('base64url');
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The payload of a cursor of this kind, or a bad_request naming `field`. */
export function decodeCursor(kind: string, cursor: string, field = 'after'): string {
  const invalid = () => badArgument(field, 'not a cursor of this list');
  if (cursor.length > 512 || !BASE64URL.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(`${kind}:`)) throw invalid();
  return text.slice(kind.length + 1);
}

export function encodeOffsetCursor(kind: string, offset: number): string {
  return encodeCursor(kind, String(offset));
}

/** The offset after a cursor (the item after the one the cursor points at). */
export function offsetAfter(
  kind: string,
  cursor: string | null | undefined,
  field = 'after',
): number {
  if (cursor == null) return 0;
  const payload = decodeCursor(kind, cursor, field);
  if (!/^\d{1,9}$/.test(payload)) throw badArgument(field, 'not a cursor of this list');
  return Number(payload) + 1;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T, E extends Edge<T> = Edge<T>> {
  edges: E[];
  pageInfo: PageInfo;
}

export function connectionOf<T, E extends Edge<T>>(
  edges: E[],
  hasNextPage: boolean,
  hasPreviousPage: boolean,
): Connection<T, E> {
  return {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** A page of an already ranked list, with offset cursors. */
export function offsetConnection<T>(
  kind: string,
  all: readonly T[],
  first: number,
  after: string | null | undefined,
  field = 'after',
): Connection<T> {
  const start = offsetAfter(kind, after, field);
  const items = all.slice(start, start + first);
  const edges = items.map((node, i) => ({ cursor: encodeOffsetCursor(kind, start + i), node }));
  return connectionOf(edges, start + first < all.length, start > 0);
}

/** `first`: an integer from 1 to max, the default when absent. */
export const firstArg = (max: number, fallback = max) =>
  z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .nullish()
    .transform((value) => value ?? fallback);

export const cursorArg = z.string().max(512, 'is too long').nullish();
