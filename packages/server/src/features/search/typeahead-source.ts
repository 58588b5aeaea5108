import {
  buildSearchEntry,
  dedupeByUniqueID,
  entryFromEdge,
  objectIdOf,
  TYPEAHEAD,
  type EntryType,
  type SearchEntry,
  type SearchResultNode,
} from '@messenger/core';
import { forbiddenError } from '../../graphql/errors';
import type { SearchNodeModel } from '../social-graph/models';
import type { ViewerScope } from '../social-graph/scope';
import { loadThreadParticipants, otherNames } from '../social-graph/thread-participants';
import { threadUri, userUri } from '../social-graph/uris';
import { searchGames, searchPages } from './page-search';
import { searchPeople } from './people-search';
import { canSearchGroups, canSeeInternalBots, canSeeMeetingRooms } from './permissions';
import type { SearchQuery } from './query';
import { searchGroupThreads } from './thread-search';

/** Entry types a generic source can serve (messages and the search entry have their own calls). */
export const SOURCE_ENTRY_TYPES = [
  'friend',
  'fb4c',
  'non_friend',
  'thread',
  'page',
  'meeting_room_page',
  'internal_bot_page',
  'game',
] as const satisfies readonly EntryType[];
export type SourceEntryType = (typeof SOURCE_ENTRY_TYPES)[number];

/** The entry types this viewer may receive (seed 6 applied to the generic source). */
export function allowedSourceTypes(scope: ViewerScope): SourceEntryType[] {
  const { viewer } = scope;
  return SOURCE_ENTRY_TYPES.filter((type) => {
    switch (type) {
      case 'fb4c':
        return viewer.isWork;
      case 'thread':
        return canSearchGroups(viewer) || viewer.isWork;
      case 'meeting_room_page':
        return canSeeMeetingRooms(viewer);
      case 'internal_bot_page':
        return canSeeInternalBots(viewer);
      default:
        return true;
    }
  });
}

export interface TypeaheadSourceInput {
  existingIds: ReadonlySet<string>;
  /** Requested entry types; null for every type the viewer may receive. */
  types: readonly SourceEntryType[] | null;
  limit: number;
}

/** Object ids of `existing_ids`: bare ids or type-prefixed unique ids, comma-joined. */
export function parseExistingIds(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(objectIdOf);
}

/** The wire node core converts (server-node-schemas), built from our models. */
async function wireNodes(
  scope: ViewerScope,
  models: readonly SearchNodeModel[],
): Promise<Array<SearchResultNode | { game: { id: string; name: string } }>> {
  const threadIds = models.flatMap((m) => (m.kind === 'thread' ? [m.row.id] : []));
  const participants = await loadThreadParticipants(scope, threadIds);
  const viewerId = scope.viewer.id;
  return models.flatMap((m): Array<SearchResultNode | { game: { id: string; name: string } }> => {
    switch (m.kind) {
      case 'person':
        return [
          {
            __typename: 'User',
            id: m.row.id,
            name: m.row.name,
            profile_picture: m.row.picture === null ? null : { uri: m.row.picture },
            url: userUri(m.row.id),
            is_messenger_user: true,
            friendship_status: m.relation,
            alias: m.alias,
            is_memorialized: m.row.memorialized === 1,
          },
        ];
      case 'thread': {
        const people = participants.filter((p) => p.threadId === m.row.id);
        return [
          {
            __typename: 'MessengerViewerGroupThread',
            id: m.row.id,
            name: m.row.name,
            image: m.row.image_src === null ? null : { uri: m.row.image_src },
            url: threadUri(m.row.id, m.row.folder),
            is_group_thread: m.row.kind === 'group',
            participant_names: otherNames(people, viewerId),
          },
        ];
      }
      case 'page':
        return [
          {
            __typename: 'Page',
            id: m.row.id,
            name: m.row.name,
            profile_picture: null,
            url: userUri(m.row.id),
            category_type: m.row.category,
            is_verified: m.row.verified === 1,
          },
        ];
      case 'game':
        return [{ game: { id: m.row.id, name: m.row.name } }];
      case 'message':
        return [];
    }
  });
}

/**
 * The generic typeahead source (seed 7): entries for `value`, leaving out the
 * ids already shown, in the section order of the dropdown, each kind within
 * its per-search limit and the whole within `limit`.
 */
export async function typeaheadSource(
  scope: ViewerScope,
  query: SearchQuery,
  input: TypeaheadSourceInput,
): Promise<SearchEntry[]> {
  const allowed = allowedSourceTypes(scope);
  const wanted = input.types ?? allowed;
  wanted.forEach((type, i) => {
    if (!allowed.includes(type)) {
      throw forbiddenError(`Entries of type ${type} are not for you.`, `extra.types[${i}]`);
    }
  });
  const want = (...types: SourceEntryType[]) => types.some((t) => wanted.includes(t));
  const exclude = input.existingIds;
  const pageLimit = TYPEAHEAD.pagesPerSearch;
  const none = Promise.resolve([]);
  const results = await Promise.all([
    want('friend', 'fb4c', 'non_friend')
      ? searchPeople(scope, query, {
          limit: TYPEAHEAD.usersPerSearch,
          excludeIds: exclude,
          canViewerSendMoney: false,
          circleOnly: false,
        })
      : none,
    want('thread')
      ? searchGroupThreads(scope, query, { limit: TYPEAHEAD.maxThreadResults, excludeIds: exclude })
      : none,
    want('page')
      ? searchPages(scope, query, { category: 'PAGE', limit: pageLimit, excludeIds: exclude })
      : none,
    want('meeting_room_page')
      ? searchPages(scope, query, {
          category: 'MEETING_ROOM',
          limit: pageLimit,
          excludeIds: exclude,
        })
      : none,
    want('internal_bot_page')
      ? searchPages(scope, query, {
          category: 'WORKPLACE_BOT',
          limit: pageLimit,
          excludeIds: exclude,
        })
      : none,
    want('game') ? searchGames(scope, query, pageLimit, exclude) : none,
  ]);
  const nodes = await wireNodes(scope, results.flat());
  const entries: SearchEntry[] = [];
  nodes.forEach((node, i) => {
    const entry =
      'game' in node
        ? buildSearchEntry({ uid: node.game.id, type: 'game', title: node.game.name }, i)
        : entryFromEdge({ node }, i);
    if (entry !== null && (wanted as readonly string[]).includes(entry.type)) entries.push(entry);
  });
  return dedupeByUniqueID(entries).slice(0, input.limit);
}
