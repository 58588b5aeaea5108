import { CoreError } from '../errors';

/**
 * Thread permalinks (seed 2, "Thread permalinks").
 *
 * Scheme (the seed leaves the literal thread prefix open; ours keeps the two
 * forms apart without knowing whether an id names a thread or a person):
 *
 *   folder  `{prefix}{tagSegment}`                e.g. /messages/filtered
 *   thread  `{prefix}{tagSegment}/thread/{threadId}`  e.g. /messages/thread/42
 *   user    `{prefix}{tagSegment}/t/{userId}`     e.g. /messages/requests/t/7
 *
 * Tag segment: INBOX adds nothing, OTHER `/filtered`, PENDING `/requests`, any
 * other tag `/{tag}` exactly as given (case is kept, so `ARCHIVED` gives
 * `/ARCHIVED`). Ids are digits. Because the segment count after the prefix
 * tells the forms apart (0-1 folder, 2 untagged, 3 tagged), a tag may be any
 * URL-safe word, including `t` or `thread`; only `filtered` and `requests` are
 * refused as tags since they already stand for OTHER and PENDING.
 */

export type ThreadTag = 'INBOX' | 'OTHER' | 'PENDING' | (string & {});

export type Permalink =
  | { kind: 'thread'; tag: ThreadTag; threadId: string }
  | { kind: 'user'; tag: ThreadTag; userId: string }
  | { kind: 'folder'; tag: ThreadTag };

const THREAD_SEGMENT = 'thread';
const USER_SEGMENT = 't';
const TAG_SEGMENTS: Readonly<Record<string, string>> = {
  OTHER: 'filtered',
  PENDING: 'requests',
};
const TAG_OF_SEGMENT: Readonly<Record<string, ThreadTag>> = {
  filtered: 'OTHER',
  requests: 'PENDING',
};

const DIGITS = /^\d+$/;
const TAG = /^[A-Za-z0-9_.-]+$/;
/** '' (site root) or one or more `/segment`s, without a trailing slash. */
const PREFIX = /^(?:\/[^/?#\s]+)*$/;

function checkPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) {
    throw new CoreError(
      'invalid_permalink_prefix',
      `Permalink prefix must be empty or start with '/' and not end with '/': '${prefix}'`,
    );
  }
}

function checkId(id: string, what: string): void {
  if (!DIGITS.test(id)) {
    throw new CoreError('invalid_permalink_id', `A ${what} id must be digits: '${id}'`);
  }
}

/** The path segment for a tag, '' for INBOX. */
export function tagSegment(tag: ThreadTag): string {
  if (tag === 'INBOX') return '';
  const mapped = TAG_SEGMENTS[tag];
  if (mapped !== undefined) return `/${mapped}`;
  if (!TAG.test(tag) || TAG_OF_SEGMENT[tag] !== undefined) {
    throw new CoreError('invalid_thread_tag', `Thread tag cannot appear in a permalink: '${tag}'`);
  }
  return `/${tag}`;
}

function tagOfSegment(segment: string): ThreadTag | null {
  const mapped = TAG_OF_SEGMENT[segment];
  if (mapped !== undefined) return mapped;
  // 'INBOX' only ever maps to no segment, so '/INBOX' would not round-trip.
  if (!TAG.test(segment) || segment === 'INBOX' || segment in TAG_SEGMENTS) return null;
  return segment;
}

export function folderPermalink(input: { prefix: string; tag?: ThreadTag }): string {
  checkPrefix(input.prefix);
  return `${input.prefix}${tagSegment(input.tag ?? 'INBOX')}`;
}

export function threadPermalink(input: {
  prefix: string;
  tag?: ThreadTag;
  threadId: string;
}): string {
  checkId(input.threadId, 'thread');
  return `${folderPermalink(input)}/${THREAD_SEGMENT}/${input.threadId}`;
}

export function userPermalink(input: { prefix: string; tag?: ThreadTag; userId: string }): string {
  checkId(input.userId, 'user');
  return `${folderPermalink(input)}/${USER_SEGMENT}/${input.userId}`;
}

function parseTarget(tag: ThreadTag, kindSegment: string, id: string): Permalink | null {
  if (!DIGITS.test(id)) return null;
  if (kindSegment === THREAD_SEGMENT) return { kind: 'thread', tag, threadId: id };
  if (kindSegment === USER_SEGMENT) return { kind: 'user', tag, userId: id };
  return null;
}

/**
 * Reads a path built by the functions above back into its parts, or null when
 * it is not one of them (other prefix, trailing slash, query, non-digit id).
 */
export function parsePermalink(path: string, prefix: string): Permalink | null {
  checkPrefix(prefix);
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  if (rest === '') return { kind: 'folder', tag: 'INBOX' };
  if (!rest.startsWith('/')) return null;
  const segments = rest.slice(1).split('/');
  const [first = '', second = '', third = ''] = segments;
  switch (segments.length) {
    case 1: {
      const tag = tagOfSegment(first);
      return tag === null ? null : { kind: 'folder', tag };
    }
    case 2:
      return parseTarget('INBOX', first, second);
    case 3: {
      const tag = tagOfSegment(first);
      return tag === null ? null : parseTarget(tag, second, third);
    }
    default:
      return null;
  }
}
