import { buildSearchEntry, dedupeByUniqueID, entryTypeOf, objectIdOf } from './entry';
import type { SearchEntryRecord } from './entry';
import { searchResultEdgeSchema } from './server-node-schemas';
import type {
  AnyUserNode,
  GroupThreadNode,
  MessageResultNode,
  PageNode,
  SearchResultEdge,
  SearchResultNode,
} from './server-node-schemas';
import type { EntryType, SearchEntry } from './types';

/** Page category_type → entry type (seed 3): anything unlisted is a plain page. */
export function pageEntryType(categoryType: string | null | undefined): EntryType {
  switch (categoryType) {
    case 'WORKPLACE_BOT':
      return 'internal_bot_page';
    case 'MEETING_ROOM':
      return 'meeting_room_page';
    default:
      return 'page';
  }
}

/**
 * A user's entry type is the viewer's relationship; a user who is neither a
 * friend/coworker nor on Messenger cannot be messaged, so it yields null.
 */
export function userEntryType(node: AnyUserNode): EntryType | null {
  if (node.friendship_status === 'non_friend' && !node.is_messenger_user) return null;
  return node.friendship_status;
}

/** Object id of a message entry: `<threadId>_<messageId>`, so its thread can be opened. */
export function messageObjectId(threadId: string, messageId: string): string {
  return `${threadId}_${messageId}`;
}

/** Splits a message entry's unique id (or object id) back into thread and message ids. */
export function parseMessageObjectId(
  uniqueIDOrObjectId: string,
): { threadId: string; messageId: string } | null {
  const prefix = entryTypeOf(uniqueIDOrObjectId);
  if (prefix !== null && prefix !== 'message') return null;
  const objectId = objectIdOf(uniqueIDOrObjectId);
  const underscore = objectId.indexOf('_');
  if (underscore <= 0 || underscore === objectId.length - 1) return null;
  return { threadId: objectId.slice(0, underscore), messageId: objectId.slice(underscore + 1) };
}

function userRecord(node: AnyUserNode): SearchEntryRecord | null {
  const type = userEntryType(node);
  if (type === null) return null;
  return {
    uid: node.id,
    type,
    title: node.name,
    tokens: node.search_tokens ?? null,
    photo: node.profile_picture?.uri ?? null,
    uri: node.url ?? null,
    auxiliaryData: {
      ...(node.alias != null && { alias: node.alias }),
      ...(node.is_memorialized !== undefined && { isMemorializedUser: node.is_memorialized }),
    },
  };
}

function groupRecord(node: GroupThreadNode): SearchEntryRecord | null {
  if (!node.is_group_thread) return null;
  const participants = node.participant_names ?? [];
  const named = node.name !== null && node.name.trim() !== '';
  return {
    uid: node.id,
    type: 'thread',
    // An unnamed group is shown, as in the thread list, by its members' names.
    title: named ? node.name : participants.join(', '),
    tokens: participants,
    photo: node.image?.uri ?? null,
    uri: node.url ?? null,
  };
}

function pageRecord(node: PageNode): SearchEntryRecord {
  return {
    uid: node.id,
    type: pageEntryType(node.category_type),
    title: node.name,
    photo: node.profile_picture?.uri ?? null,
    uri: node.url ?? null,
  };
}

function messageRecord(node: MessageResultNode): SearchEntryRecord {
  return {
    uid: messageObjectId(node.thread_id, node.message_id),
    type: 'message',
    title: node.thread_name,
    subtitle: node.snippet,
    tokens: node.snippet,
    photo: node.thread_image?.uri ?? null,
    auxiliaryData:
      node.message_result_type === undefined
        ? null
        : { messageResultType: node.message_result_type },
  };
}

function recordOf(node: SearchResultNode): SearchEntryRecord | null {
  switch (node.__typename) {
    case 'User':
    case 'InstagramMessagingUser':
    case 'NeoApprovedUser':
      return userRecord(node);
    case 'MessengerViewerGroupThread':
      return groupRecord(node);
    case 'Page':
      return pageRecord(node);
    case 'MessageSearchResult':
      return messageRecord(node);
  }
}

/**
 * Converts one result edge into a search entry, or null when the node must be
 * dropped (seed 5: null conversions are dropped). The node's own subtitle, if
 * any, gives way to the edge's `subtext`; a subtitle that only repeats the
 * title (an unnamed group shown by its members' names) is left out.
 */
export function entryFromEdge(edge: SearchResultEdge, order = 0): SearchEntry | null {
  const record = recordOf(edge.node);
  if (record === null) return null;
  const subtitle = edge.subtext ?? record.subtitle ?? null;
  return buildSearchEntry(
    { ...record, subtitle: subtitle?.trim() === record.title?.trim() ? null : subtitle },
    order,
  );
}

/**
 * Converts an untrusted list of edges: edges that fail the schema (including
 * unknown node types) and null conversions are dropped, then duplicates by
 * unique id (first wins). Each entry's order is its edge's position.
 */
export function entriesFromEdges(edges: readonly unknown[]): SearchEntry[] {
  const entries: SearchEntry[] = [];
  edges.forEach((raw, position) => {
    const parsed = searchResultEdgeSchema.safeParse(raw);
    if (!parsed.success) return;
    const entry = entryFromEdge(parsed.data, position);
    if (entry !== null) entries.push(entry);
  });
  return dedupeByUniqueID(entries);
}
