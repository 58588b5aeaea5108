import { TYPEAHEAD, searchContext, type SearchContext } from '@messenger/core';
import { forbiddenError } from '../../graphql/errors';
import type { SearchNodeModel } from '../social-graph/models';
import type { ViewerScope } from '../social-graph/scope';
import { searchMessages } from './message-search';
import { searchGames, searchPages } from './page-search';
import { searchPeople } from './people-search';
import {
  canSearchGroups,
  canSearchMessages,
  canSeeInternalBots,
  canSeeMeetingRooms,
  canUseWorkchat,
} from './permissions';
import type { SearchQuery } from './query';
import { searchGroupThreads } from './thread-search';

/** One typed result list: the nodes within the limit, and whether more matched. */
export interface ResultList {
  nodes: SearchNodeModel[];
  hasMore: boolean;
}

const EMPTY: ResultList = { nodes: [], hasMore: false };

/** Every search asks for one more than it shows, so `hasMore` can drive a see-all link. */
function cut(nodes: readonly SearchNodeModel[], limit: number): ResultList {
  return { nodes: nodes.slice(0, limit), hasMore: nodes.length > limit };
}

export interface ProfileSearchInput {
  limit: number;
  excludeIds: ReadonlySet<string>;
  canViewerSendMoney: boolean;
  context: SearchContext | null;
}

export function viewerSearchContext(scope: ViewerScope): SearchContext {
  const { viewer } = scope;
  return searchContext({
    isWork: viewer.isWork,
    workchatGate: viewer.gates.has('workchat_search_context'),
  });
}

export async function profileSearch(
  scope: ViewerScope,
  query: SearchQuery,
  input: ProfileSearchInput,
): Promise<ResultList> {
  if (input.context === 'workchat' && viewerSearchContext(scope) !== 'workchat') {
    throw forbiddenError('The workchat context is for work users with the gate on.', 'context');
  }
  const people = await searchPeople(scope, query, {
    limit: input.limit + 1,
    excludeIds: input.excludeIds,
    canViewerSendMoney: input.canViewerSendMoney,
    circleOnly: input.context === 'workchat',
  });
  return cut(people, input.limit);
}

export function assertGroupSearch(scope: ViewerScope, field?: string): void {
  if (!canSearchGroups(scope.viewer)) {
    throw forbiddenError('Group search is not on for you.', field);
  }
}

export async function groupSearch(
  scope: ViewerScope,
  query: SearchQuery,
  limit: number = TYPEAHEAD.maxThreadResults,
  excludeIds?: ReadonlySet<string>,
): Promise<ResultList> {
  assertGroupSearch(scope);
  const options =
    excludeIds === undefined ? { limit: limit + 1 } : { limit: limit + 1, excludeIds };
  return cut(await searchGroupThreads(scope, query, options), limit);
}

/** Rooms: open-audience group threads (privacy_mode 0) the viewer is in. */
export async function roomSearch(scope: ViewerScope, query: SearchQuery): Promise<ResultList> {
  const limit = TYPEAHEAD.maxThreadResults;
  return cut(await searchGroupThreads(scope, query, { limit: limit + 1, roomsOnly: true }), limit);
}

/** Messages: the typeahead asks for its 3; the full message search page for up to a view's cap. */
export async function messageSearch(
  scope: ViewerScope,
  query: SearchQuery,
  limit: number = TYPEAHEAD.messagesPerSearch,
): Promise<ResultList> {
  if (!canSearchMessages(scope.viewer)) throw forbiddenError('Message search is not on for you.');
  return cut(await searchMessages(scope, query, limit + 1), limit);
}

export interface PageSearchFlags {
  messengerCommerce: boolean;
  includeGames: boolean;
  internalBot: boolean;
  vcEndpoint: boolean;
}

/**
 * Page search: plain pages (only commerce ones with messenger_commerce), plus
 * meeting rooms (vc_endpoint; employees or work users), internal bots
 * (internal_bot; employee and work) and games (include_games), up to the
 * per-search page limit of each kind.
 */
export async function pageSearch(
  scope: ViewerScope,
  query: SearchQuery,
  flags: PageSearchFlags,
): Promise<ResultList> {
  const { viewer } = scope;
  if (flags.vcEndpoint && !canSeeMeetingRooms(viewer)) {
    throw forbiddenError('Meeting rooms are for employees and work users.', 'vc_endpoint');
  }
  if (flags.internalBot && !canSeeInternalBots(viewer)) {
    throw forbiddenError('Internal bots are for employees with a work account.', 'internal_bot');
  }
  const limit = TYPEAHEAD.pagesPerSearch;
  const kinds = await Promise.all([
    searchPages(scope, query, {
      category: 'PAGE',
      limit: limit + 1,
      commerceOnly: flags.messengerCommerce,
    }),
    flags.vcEndpoint
      ? searchPages(scope, query, { category: 'MEETING_ROOM', limit: limit + 1 })
      : Promise.resolve([]),
    flags.internalBot
      ? searchPages(scope, query, { category: 'WORKPLACE_BOT', limit: limit + 1 })
      : Promise.resolve([]),
    flags.includeGames ? searchGames(scope, query, limit + 1) : Promise.resolve([]),
  ]);
  const lists = kinds.map((nodes) => cut(nodes, limit));
  return { nodes: lists.flatMap((l) => l.nodes), hasMore: lists.some((l) => l.hasMore) };
}

export type ModuleType = 'USER' | 'GROUP' | 'PAGE';

export interface ResultModule {
  type: ModuleType;
  list: ResultList;
}

export interface CombinedInput {
  numUsers: number;
  numGroups: number;
  numPages: number;
}

/** One module per type; the group module only for viewers allowed to search groups. */
export async function combinedSearch(
  scope: ViewerScope,
  query: SearchQuery,
  input: CombinedInput,
): Promise<ResultModule[]> {
  const groupsAllowed = canSearchGroups(scope.viewer);
  const [users, groups, pages] = await Promise.all([
    profileSearch(scope, query, {
      limit: input.numUsers,
      excludeIds: new Set(),
      canViewerSendMoney: false,
      context: null,
    }),
    groupsAllowed ? groupSearch(scope, query, input.numGroups) : Promise.resolve(EMPTY),
    searchPages(scope, query, { category: 'PAGE', limit: input.numPages + 1 }),
  ]);
  const modules: ResultModule[] = [{ type: 'USER', list: users }];
  if (groupsAllowed) modules.push({ type: 'GROUP', list: groups });
  modules.push({ type: 'PAGE', list: cut(pages, input.numPages) });
  return modules;
}

export interface SupportedType {
  type: ModuleType;
  limit: number;
}

/** See-all: the requested types in the order given, each within its own limit. */
export async function seeAllSearch(
  scope: ViewerScope,
  query: SearchQuery,
  excludeIds: ReadonlySet<string>,
  types: readonly SupportedType[],
): Promise<ResultList> {
  types.forEach((t, i) => {
    if (t.type === 'GROUP') assertGroupSearch(scope, `supported_types[${i}].type`);
  });
  const lists = await Promise.all(
    types.map(async ({ type, limit }): Promise<ResultList> => {
      switch (type) {
        case 'USER':
          return profileSearch(scope, query, {
            limit,
            excludeIds,
            canViewerSendMoney: false,
            context: null,
          });
        case 'GROUP':
          return groupSearch(scope, query, limit, excludeIds);
        case 'PAGE':
          return cut(
            await searchPages(scope, query, { category: 'PAGE', limit: limit + 1, excludeIds }),
            limit,
          );
      }
    }),
  );
  return { nodes: lists.flatMap((l) => l.nodes), hasMore: lists.some((l) => l.hasMore) };
}

export interface WorkchatResults {
  userGroup: ResultList;
  bots: ResultList;
  vc: ResultList;
}

/**
 * The single work-chat query of a work user: coworkers, friends and groups
 * together, meeting rooms, and internal bots when the viewer is also staff.
 */
export async function workchatSearch(
  scope: ViewerScope,
  query: SearchQuery,
): Promise<WorkchatResults> {
  if (!canUseWorkchat(scope.viewer)) throw forbiddenError('Work-chat search is for work users.');
  const pageLimit = TYPEAHEAD.pagesPerSearch;
  const [people, groups, rooms, bots] = await Promise.all([
    searchPeople(scope, query, {
      limit: TYPEAHEAD.usersPerSearch + 1,
      excludeIds: new Set(),
      canViewerSendMoney: false,
      circleOnly: true,
    }),
    searchGroupThreads(scope, query, { limit: TYPEAHEAD.maxThreadResults + 1 }),
    searchPages(scope, query, { category: 'MEETING_ROOM', limit: pageLimit + 1 }),
    canSeeInternalBots(scope.viewer)
      ? searchPages(scope, query, { category: 'WORKPLACE_BOT', limit: pageLimit + 1 })
      : Promise.resolve([]),
  ]);
  const users = cut(people, TYPEAHEAD.usersPerSearch);
  const threads = cut(groups, TYPEAHEAD.maxThreadResults);
  return {
    userGroup: {
      nodes: [...users.nodes, ...threads.nodes],
      hasMore: users.hasMore || threads.hasMore,
    },
    vc: cut(rooms, pageLimit),
    bots: cut(bots, pageLimit),
  };
}
