import {
  buildSearchEntry,
  entriesFromEdges,
  searchContext,
  type EntryType,
  type SearchEntry,
  type ServerSource,
} from '@messenger/core';
import { fetchQuery, graphql, type Environment } from 'react-relay';
import type { FetchSource, SourceAnswer } from './use-typeahead';
import type { SearchViewer } from './typeahead-model';
import type { relaySourcesGamesQuery } from './__generated__/relaySourcesGamesQuery.graphql';
import type { relaySourcesGroupsQuery } from './__generated__/relaySourcesGroupsQuery.graphql';
import type { relaySourcesMessagesQuery } from './__generated__/relaySourcesMessagesQuery.graphql';
import type { relaySourcesPagesQuery } from './__generated__/relaySourcesPagesQuery.graphql';
import type { relaySourcesProfilesQuery } from './__generated__/relaySourcesProfilesQuery.graphql';
import type { relaySourcesWorkchatQuery } from './__generated__/relaySourcesWorkchatQuery.graphql';

/*
 * The typeahead's server sources over GraphQL (API.md, seed 7). Result nodes
 * come in the shapes core's entriesFromEdges converts; this module is loaded
 * lazily with Relay.
 */

/** The fields of a result connection that core's entriesFromEdges reads; spread unmasked. */
export const resultConnectionFragment = graphql`
  fragment relaySources_connection on SearchResultConnection {
    page_info {
      has_next_page
    }
    edges {
      subtext
      node {
        __typename
        ... on MessagingUser {
          id
          name
          url
          is_messenger_user
          is_memorialized
          friendship_status
          alias
          search_tokens
          profile_picture {
            uri
          }
        }
        ... on MessengerViewerGroupThread {
          id
          name
          url
          is_group_thread
          participant_names
          image {
            uri
          }
        }
        ... on Page {
          id
          name
          url
          category_type
          is_verified
          profile_picture {
            uri
          }
        }
        ... on MessageSearchResult {
          thread_id
          message_id
          thread_name
          snippet
          message_result_type
          thread_image {
            uri
          }
        }
      }
    }
  }
`;

const profilesQuery = graphql`
  query relaySourcesProfilesQuery($query: String!, $context: SearchContextInput) {
    search_profiles(search_query: $query, context: $context) {
      ...relaySources_connection @relay(mask: false)
    }
  }
`;

const groupsQuery = graphql`
  query relaySourcesGroupsQuery($query: String!) {
    search_groups(query: $query) {
      ...relaySources_connection @relay(mask: false)
    }
  }
`;

const pagesQuery = graphql`
  query relaySourcesPagesQuery($query: String!, $vc: Boolean!) {
    search_pages(query: $query, vc_endpoint: $vc) {
      ...relaySources_connection @relay(mask: false)
    }
  }
`;

const messagesQuery = graphql`
  query relaySourcesMessagesQuery($query: String!, $limit: Int) {
    search_messages(query: $query, limit: $limit) {
      ...relaySources_connection @relay(mask: false)
    }
  }
`;

const workchatQuery = graphql`
  query relaySourcesWorkchatQuery($query: String!) {
    search_workchat(query: $query) {
      user_group_results {
        ...relaySources_connection @relay(mask: false)
      }
      bot_results {
        ...relaySources_connection @relay(mask: false)
      }
      vc_results {
        ...relaySources_connection @relay(mask: false)
      }
    }
  }
`;

// Games are not among core's typed result nodes; the generic source serves them as entries.
const gamesQuery = graphql`
  query relaySourcesGamesQuery($value: String!, $extra: JSON) {
    typeahead_source(value: $value, extra: $extra) {
      entries {
        uniqueID
        order
        title
        subtitle
        keywordString
        type
        photo
        uri
        auxiliaryData {
          alias
          isMemorializedUser
          messageResultType
        }
      }
    }
  }
`;

interface Connection {
  readonly page_info: { readonly has_next_page: boolean };
  readonly edges: readonly unknown[];
}

/** Entries of a connection, and their types when the server had more than it sent. */
export function answerOf(
  connection: Connection,
  keep?: (entry: SearchEntry) => boolean,
): SourceAnswer {
  const all = entriesFromEdges(connection.edges);
  const entries = keep === undefined ? all : all.filter(keep);
  const more: EntryType[] = connection.page_info.has_next_page
    ? [...new Set(entries.map((entry) => entry.type))]
    : [];
  return { entries, more };
}

const merge = (answers: readonly SourceAnswer[]): SourceAnswer => ({
  entries: answers.flatMap((a) => a.entries),
  more: answers.flatMap((a) => a.more),
});

const ofType = (type: EntryType) => (entry: SearchEntry) => entry.type === type;

/**
 * The FetchSource of the sidebar typeahead for this viewer. A work user's
 * people, groups, meeting rooms and bots come from one work-chat query per
 * text (seed 6), shared by the sources that read it.
 */
export function relaySources(environment: Environment, viewer: SearchViewer): FetchSource {
  const context = searchContext({
    isWork: viewer.is_work,
    workchatGate: viewer.gates.includes('workchat_search_context'),
  });
  const workchat = new Map<string, Promise<relaySourcesWorkchatQuery['response']>>();
  const workchatFor = (query: string) => {
    let pending = workchat.get(query);
    if (pending === undefined) {
      pending = fetchQuery<relaySourcesWorkchatQuery>(environment, workchatQuery, {
        query,
      }).toPromise() as Promise<relaySourcesWorkchatQuery['response']>;
      // A failure is retried by core: forget it so the retry asks again.
      pending.catch(() => workchat.delete(query));
      workchat.clear();
      workchat.set(query, pending);
    }
    return pending;
  };
  const run = <T extends { response: unknown; variables: Record<string, unknown> }>(
    query: Parameters<typeof fetchQuery<T>>[1],
    variables: T['variables'],
  ): Promise<T['response']> => fetchQuery<T>(environment, query, variables).toPromise();

  return async (sourceId, query): Promise<SourceAnswer> => {
    switch (sourceId as ServerSource) {
      case 'users': {
        const data = await run<relaySourcesProfilesQuery>(profilesQuery, { query, context });
        return answerOf(data.search_profiles);
      }
      case 'groups': {
        const data = await run<relaySourcesGroupsQuery>(groupsQuery, { query });
        return answerOf(data.search_groups);
      }
      case 'workchat':
        return answerOf((await workchatFor(query)).search_workchat.user_group_results);
      case 'pages': {
        const [pages, games] = await Promise.all([
          run<relaySourcesPagesQuery>(pagesQuery, { query, vc: false }),
          run<relaySourcesGamesQuery>(gamesQuery, { value: query, extra: { types: ['game'] } }),
        ]);
        // Checked like any source record (seed 5): no title or a bad id, no entry.
        const gameEntries = games.typeahead_source.entries.flatMap((e) => {
          const entry = buildSearchEntry({
            uniqueID: e.uniqueID,
            order: e.order,
            title: e.title,
            subtitle: e.subtitle ?? null,
            keywordString: e.keywordString,
            type: e.type,
            photo: e.photo ?? null,
            uri: e.uri ?? null,
            auxiliaryData: e.auxiliaryData,
          });
          return entry === null ? [] : [entry];
        });
        return merge([answerOf(pages.search_pages), { entries: gameEntries, more: [] }]);
      }
      case 'messages': {
        const data = await run<relaySourcesMessagesQuery>(messagesQuery, { query, limit: null });
        return answerOf(data.search_messages);
      }
      case 'meeting_rooms': {
        if (viewer.is_work) {
          return answerOf((await workchatFor(query)).search_workchat.vc_results);
        }
        const data = await run<relaySourcesPagesQuery>(pagesQuery, { query, vc: true });
        return answerOf(data.search_pages, ofType('meeting_room_page'));
      }
      case 'internal_bots':
        return answerOf((await workchatFor(query)).search_workchat.bot_results);
      default:
        return { entries: [], more: [] };
    }
  };
}
