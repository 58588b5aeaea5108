/**
 * The client's route table. The server's SPA fallback (features/web-client)
 * serves index.html for exactly these paths: `/`, `/login`, `/messages` and
 * everything under `/messages/`; features/embed serves `/embed` (for a listed
 * parent only) and `/embed/signed-in`.
 */

/** The product path prefix of the full-page messenger (seed 2, thread permalinks). */
export const MESSENGER_PREFIX = '/messages';
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Staff only: the funnel dashboard (the SPA fallback already serves everything under the prefix). */
export const STAFF_FUNNELS_PATH = `${MESSENGER_PREFIX}/staff/funnels`;
/** The embedding kit's frame (`?parent=ORIGIN`), and the page its sign-in popup ends on. */
export const EMBED_PATH = '/embed';
export const EMBED_SIGNED_IN_PATH = '/embed/signed-in';

/** A page's inbox for its admins: `/messages/page/{pageId}`, a thread `…/thread/{threadId}`. */
export const PAGE_INBOX_SEGMENT = '/page';

export function pageInboxPath(pageId: string): string {
  return `${MESSENGER_PREFIX}${PAGE_INBOX_SEGMENT}/${encodeURIComponent(pageId)}`;
}

export function pageThreadPath(pageId: string, threadId: string): string {
  return `${pageInboxPath(pageId)}/thread/${encodeURIComponent(threadId)}`;
}

/** The page inbox a path under the messenger prefix opens, or null for any other path. */
export function matchPageInbox(path: string): { pageId: string; threadId: string | null } | null {
  if (!path.startsWith(`${MESSENGER_PREFIX}${PAGE_INBOX_SEGMENT}/`)) return null;
  const rest = path.slice(MESSENGER_PREFIX.length + PAGE_INBOX_SEGMENT.length);
  const match = /^\/(\d{1,32})(?:\/thread\/(\d{1,32}))?$/.exec(rest);
  if (match === null) return null;
  return { pageId: match[1] ?? '', threadId: match[2] ?? null };
}

export type RouteMatch =
  | { name: 'host' }
  | { name: 'login' }
  /** `rest` is the path after the prefix ('' or '/thread/42'), read with core's parsePermalink. */
  | { name: 'messenger'; rest: string }
  | { name: 'staff-funnels' }
  | { name: 'embed' }
  | { name: 'embed-signed-in' }
  | { name: 'not-found' };

export function matchRoute(path: string): RouteMatch {
  if (path === HOME_PATH) return { name: 'host' };
  if (path === LOGIN_PATH) return { name: 'login' };
  if (path === STAFF_FUNNELS_PATH) return { name: 'staff-funnels' };
  if (path === EMBED_PATH) return { name: 'embed' };
  if (path === EMBED_SIGNED_IN_PATH) return { name: 'embed-signed-in' };
  if (path === MESSENGER_PREFIX || path.startsWith(`${MESSENGER_PREFIX}/`)) {
    return { name: 'messenger', rest: path.slice(MESSENGER_PREFIX.length) };
  }
  return { name: 'not-found' };
}

/**
 * The `next` target after logging in: only a path of this app, never another
 * origin (`//evil.example`) or the login page itself.
 */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return HOME_PATH;
  }
  const path = next.split(/[?#]/)[0] ?? '';
  return path === LOGIN_PATH ? HOME_PATH : next;
}

export function loginPathFor(next: string): string {
  return next === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
