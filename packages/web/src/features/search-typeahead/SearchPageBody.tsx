import { entriesFromEdges, queryLength, TYPEAHEAD, type EntryType } from '@messenger/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SearchPageBodyMessagesQuery } from './__generated__/SearchPageBodyMessagesQuery.graphql';
import type {
  SearchModuleType,
  SearchPageBodySeeAllQuery,
} from './__generated__/SearchPageBodySeeAllQuery.graphql';
import { searchTypeaheadMessages } from './messages';
import type { SearchPageRoute } from './search-paths';
import { SearchResultsList } from './SearchResultsBody';
import { typeaheadViewer, type SearchViewer } from './typeahead-model';

export interface SearchPageBodyProps {
  route: SearchPageRoute;
  viewer: SearchViewer;
}

/** The see-all search's module for a section type (seed 7: USER, GROUP or PAGE). */
function moduleOf(type: EntryType): SearchModuleType | null {
  switch (type) {
    case 'friend':
    case 'fb4c':
    case 'non_friend':
      return 'USER';
    case 'thread':
      return 'GROUP';
    case 'page':
      return 'PAGE';
    default:
      return null;
  }
}

function SeeAllResults({ query, types }: { query: string; types: SearchModuleType[] }): ReactNode {
  const data = useLazyLoadQuery<SearchPageBodySeeAllQuery>(
    graphql`
      query SearchPageBodySeeAllQuery($query: String!, $types: [SearchSupportedTypeInput!]!) {
        search_see_all(query: $query, supported_types: $types) {
          ...relaySources_connection @relay(mask: false)
        }
      }
    `,
    { query, types: types.map((type) => ({ type, limit: TYPEAHEAD.resultViewCap })) },
  );
  return <SearchResultsList entries={entriesFromEdges(data.search_see_all.edges)} />;
}

function MessageResults({ query }: { query: string }): ReactNode {
  const data = useLazyLoadQuery<SearchPageBodyMessagesQuery>(
    graphql`
      query SearchPageBodyMessagesQuery($query: String!, $limit: Int) {
        search_messages(query: $query, limit: $limit) {
          ...relaySources_connection @relay(mask: false)
        }
      }
    `,
    { query, limit: TYPEAHEAD.resultViewCap },
  );
  return <SearchResultsList entries={entriesFromEdges(data.search_messages.edges)} />;
}

/**
 * The full results behind a see-all link (the server's see-all search, up to
 * the result view cap per type) or the full message search.
 */
export function SearchPageBody({ route, viewer }: SearchPageBodyProps): ReactNode {
  const intl = useIntl();
  const rules = typeaheadViewer(viewer);
  if (queryLength(route.query) < TYPEAHEAD.minQueryLength) {
    return <p role="status">{intl.formatMessage(searchTypeaheadMessages.noResults)}</p>;
  }
  if (route.kind === 'message_search') {
    if (!rules.messageSearchGate) {
      return <p role="status">{intl.formatMessage(searchTypeaheadMessages.noResults)}</p>;
    }
    return <MessageResults query={route.query} />;
  }
  const groupsAllowed = rules.isEmployee || rules.groupSearchGate;
  const one = route.type === null ? null : moduleOf(route.type);
  const types: SearchModuleType[] =
    one !== null ? [one] : groupsAllowed ? ['USER', 'GROUP', 'PAGE'] : ['USER', 'PAGE'];
  return <SeeAllResults query={route.query} types={types} />;
}
