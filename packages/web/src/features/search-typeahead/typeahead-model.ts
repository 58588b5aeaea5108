import {
  buildFriendsCache,
  buildLocalCache,
  buildSearchEntry,
  createTypeahead,
  friendToSearchEntry,
  isServerQuery,
  rankEntries,
  sourcesFor,
  type DayOfYear,
  type SearchEntry,
  type TypeaheadModel,
  type TypeaheadViewer,
} from '@messenger/core';

/** The session viewer's fields the typeahead's rules read. */
export interface SearchViewer {
  is_employee: boolean;
  is_work: boolean;
  gates: readonly string[];
}

export function typeaheadViewer(viewer: SearchViewer): TypeaheadViewer {
  return {
    isEmployee: viewer.is_employee,
    isWork: viewer.is_work,
    messageSearchGate: viewer.gates.includes('message_search'),
    groupSearchGate: viewer.gates.includes('group_search'),
  };
}

/**
 * The "search messages for …" row (type `search`, seed 3): its keywordString
 * is the query, which core's routeSelection turns into message search.
 */
export function searchMessagesEntry(query: string, title: string): SearchEntry | null {
  return buildSearchEntry({ uid: 'messages', type: 'search', title, keywordString: query.trim() });
}

/**
 * The sidebar's typeahead model: core's reducer with the viewer's server
 * sources (seed 6) and core's local ranking; viewers who may search messages
 * get the search row above the local matches once the query reaches the server.
 */
export function sidebarTypeaheadModel(
  viewer: TypeaheadViewer,
  searchRowTitle: (query: string) => string,
): TypeaheadModel {
  return createTypeahead({
    sources: sourcesFor(viewer),
    surface: 'sidebar',
    rankLocal: (query, cache) => {
      const ranked = rankEntries(query, cache);
      if (!viewer.messageSearchGate || !isServerQuery(query)) return ranked;
      const row = searchMessagesEntry(query, searchRowTitle(query.trim()));
      return row === null ? ranked : [row, ...ranked];
    },
  });
}

/** A friend of the sidebar's preload (chat_sidebar_preload.shortProfiles). */
export interface PreloadProfile {
  id: string;
  name: string;
  thumbSrc?: string | null | undefined;
  type: string;
  is_messenger_user?: boolean | null | undefined;
  search_tokens?: readonly string[] | null | undefined;
}

export interface PreloadGroup {
  id: string;
  title: string;
  imageSrc?: string | null | undefined;
}

/**
 * The local cache from the sidebar's bootstrap data: its people through core's
 * friend-list rules and local-cache cut (top 50 of the first 100 loaded), then
 * its groups. Load order is the rank.
 */
export function sidebarLocalCache(
  profiles: readonly PreloadProfile[],
  groups: readonly PreloadGroup[],
  options: { viewerIsWork: boolean; today: DayOfYear },
): SearchEntry[] {
  const friends = buildFriendsCache(
    profiles.map((p) => ({
      id: p.id,
      name: p.name,
      thumbSrc: p.thumbSrc ?? null,
      type: p.type,
      is_messenger_user: p.is_messenger_user ?? false,
      searchTokens: p.search_tokens ?? [],
    })),
    options,
  );
  const people = friends.flatMap((friend, index) => {
    const entry = friendToSearchEntry(friend, index);
    return entry === null ? [] : [entry];
  });
  const threads = groups.flatMap((group, index) => {
    const entry = buildSearchEntry(
      { uid: group.id, type: 'thread', title: group.title, photo: group.imageSrc ?? null },
      index,
    );
    return entry === null ? [] : [entry];
  });
  return [...buildLocalCache(people), ...threads];
}
