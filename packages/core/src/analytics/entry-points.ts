import { z } from 'zod';
import { CoreError } from '../errors';

/** Where a conversation or search was opened from (seed section 3). */
export const ENTRY_POINTS = [
  'fb_header_dock',
  'messenger_search',
  'fb_page',
  'fb_groups',
  'customer_chat_plugin',
  'messenger_web',
  'messenger_web_inbox',
  'messenger_web_search',
  'messenger_web_composer',
  'chat_sidebar',
  'chat_tab',
  'omnipicker',
  'group_creation',
  'broadcast',
  'share',
  'work_chat',
  'm_dot_me',
  'fb_profile',
  'fb_notification',
  'fb_messages_jewel',
  'fb_marketplace',
  'thread_permalink',
  'group_call',
  'nux',
] as const;
export type EntryPoint = (typeof ENTRY_POINTS)[number];

/** A root entry point followed by optional sub-points, most general first. */
export type EntryPointPath = readonly [EntryPoint, ...string[]];

export const ENTRY_POINT_SEPARATOR = ':';
export const ENTRY_POINT_TAG_PREFIX = 'entrypoint:';

/** Sub-points are free-form but must not hide a separator or be blank. */
const SUB_POINT = /^[^\s:]+$/;

export function isEntryPoint(value: string): value is EntryPoint {
  return (ENTRY_POINTS as readonly string[]).includes(value);
}

function problemWith(parts: readonly string[]): string | null {
  const [root, ...subPoints] = parts;
  if (root === undefined || !isEntryPoint(root)) return `Unknown entry point: ${root ?? ''}`;
  const bad = subPoints.find((part) => !SUB_POINT.test(part));
  return bad === undefined ? null : `Invalid entry sub-point: "${bad}"`;
}

/** `['fb_header_dock', 'search']` → `'fb_header_dock:search'`. */
export function joinEntryPoint(path: EntryPointPath): string {
  const problem = problemWith(path);
  if (problem !== null) throw new CoreError('invalid_entry_point', problem);
  return path.join(ENTRY_POINT_SEPARATOR);
}

/** `['fb_header_dock', 'search']` → `'entrypoint:fb_header_dock:search'`. */
export function entryPointTag(path: EntryPointPath): string {
  return ENTRY_POINT_TAG_PREFIX + joinEntryPoint(path);
}

/** Splits a joined entry point back into its path; null when it is not valid. */
export function parseEntryPoint(joined: string): EntryPointPath | null {
  const parts = joined.split(ENTRY_POINT_SEPARATOR);
  if (problemWith(parts) !== null) return null;
  return parts as unknown as EntryPointPath;
}

/** A joined entry point as received from a client: a known root, then sub-points. */
export const entryPointSchema = z.string().superRefine((value, ctx) => {
  const problem = problemWith(value.split(ENTRY_POINT_SEPARATOR));
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});
