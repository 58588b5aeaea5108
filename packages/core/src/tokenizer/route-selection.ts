import { CoreError } from '../errors';
import { objectIdOf as objectId } from '../search/entry';
import { parseMessageObjectId } from '../search/server-nodes';
import type { SearchEntry } from '../search/types';

/** Where picking a typeahead entry leads (seed 4, "Selection"). */
export type SelectionRoute =
  | { kind: 'game'; gameId: string }
  | { kind: 'message_search'; query: string }
  /** A client thread id; `messageId` is set when a message result was picked. */
  | { kind: 'thread'; threadId: string; messageId: string | null }
  /** No thread with this person or page yet: open the user-id permalink form `/t/{userId}`. */
  | { kind: 'user'; userId: string };

export interface SelectionLookups {
  /** The server-to-client thread id mapping; used for every server thread id. */
  threadIdForGroup: (serverThreadId: string) => string;
  /** The thread with a user or page, or null when none exists yet. */
  threadIdForUser: (userId: string) => string | null;
}

function messageLocation(entry: SearchEntry): { threadId: string; messageId: string } {
  const location = parseMessageObjectId(entry.uniqueID);
  if (!location) {
    throw new CoreError(
      'invalid_message_entry',
      `A message entry's object id must be <threadId>_<messageId>: '${entry.uniqueID}'`,
    );
  }
  return location;
}

function userRoute(id: string, lookups: SelectionLookups): SelectionRoute {
  const threadId = lookups.threadIdForUser(id);
  return threadId === null
    ? { kind: 'user', userId: id }
    : { kind: 'thread', threadId, messageId: null };
}

/**
 * Routes a picked entry. A search-type entry (the "search messages for …" row)
 * carries its query as its keywordString; a blank one falls back to the title.
 */
export function routeSelection(entry: SearchEntry, lookups: SelectionLookups): SelectionRoute {
  switch (entry.type) {
    case 'game':
      return { kind: 'game', gameId: objectId(entry.uniqueID) };
    case 'search': {
      const query = entry.keywordString.trim();
      return { kind: 'message_search', query: query === '' ? entry.title.trim() : query };
    }
    case 'message': {
      const { threadId, messageId } = messageLocation(entry);
      return { kind: 'thread', threadId: lookups.threadIdForGroup(threadId), messageId };
    }
    case 'thread':
      return {
        kind: 'thread',
        threadId: lookups.threadIdForGroup(objectId(entry.uniqueID)),
        messageId: null,
      };
    case 'friend':
    case 'fb4c':
    case 'non_friend':
    case 'page':
    case 'meeting_room_page':
    case 'internal_bot_page':
      return userRoute(objectId(entry.uniqueID), lookups);
  }
}
