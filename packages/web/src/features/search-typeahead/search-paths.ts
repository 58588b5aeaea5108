import {
  threadPermalink,
  userPermalink,
  type EntryType,
  type SeeAllLink,
  type SelectionRoute,
} from '@messenger/core';
import { MESSENGER_PREFIX } from '../../router/routes';

/*
 * The typeahead's pages under the messenger prefix (the server's SPA fallback
 * serves everything under /messages/): the see-all search and the full
 * message search. A message result opens its thread with `?message=`.
 */

export const SEARCH_SEGMENT = '/search';
export const MESSAGE_SEARCH_SEGMENT = '/search/messages';
export const MESSAGE_PARAM = 'message';

export type SearchPageRoute =
  | { kind: 'see_all'; query: string; type: EntryType | null }
  | { kind: 'message_search'; query: string };

export function seeAllPath(link: SeeAllLink): string {
  if (link.kind === 'message_search') return messageSearchPath(link.query);
  const params = new URLSearchParams({ q: link.query, type: link.type });
  return `${MESSENGER_PREFIX}${SEARCH_SEGMENT}?${params.toString()}`;
}

export function messageSearchPath(query: string): string {
  return `${MESSENGER_PREFIX}${MESSAGE_SEARCH_SEGMENT}?${new URLSearchParams({ q: query }).toString()}`;
}

const ENTRY_TYPE_PARAM = /^[a-z_0-9]+$/;

/** The search page a messenger path names, or null when it is some other page. */
export function matchSearchPage(path: string, search: string): SearchPageRoute | null {
  const params = new URLSearchParams(search);
  const query = params.get('q') ?? '';
  if (path === `${MESSENGER_PREFIX}${MESSAGE_SEARCH_SEGMENT}`) {
    return { kind: 'message_search', query };
  }
  if (path === `${MESSENGER_PREFIX}${SEARCH_SEGMENT}`) {
    const type = params.get('type');
    return {
      kind: 'see_all',
      query,
      type: type !== null && ENTRY_TYPE_PARAM.test(type) ? (type as EntryType) : null,
    };
  }
  return null;
}

/** The messenger path a thread or person route opens. */
export function routePath(route: Extract<SelectionRoute, { kind: 'thread' | 'user' }>): string {
  if (route.kind === 'user')
    return userPermalink({ prefix: MESSENGER_PREFIX, userId: route.userId });
  const path = threadPermalink({ prefix: MESSENGER_PREFIX, threadId: route.threadId });
  return route.messageId === null
    ? path
    : `${path}?${new URLSearchParams({ [MESSAGE_PARAM]: route.messageId }).toString()}`;
}
