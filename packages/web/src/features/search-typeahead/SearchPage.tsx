import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { MESSENGER_PREFIX } from '../../router/routes';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import { searchTypeaheadMessages } from './messages';
import type { SearchPageBodyProps } from './SearchPageBody';
import type { SearchPageRoute } from './search-paths';
import type { SearchViewer } from './typeahead-model';
import './search-typeahead.css';

const LazySearchPageBody = lazyRoute<SearchPageBodyProps>(() =>
  import('./SearchPageBody').then((module) => ({ default: module.SearchPageBody })),
);

/**
 * `/messages/search?q=…&type=…` (see all) and `/messages/search/messages?q=…`
 * (full message search): the messenger's main region with the results.
 */
export function SearchPage({
  route,
  viewer,
}: {
  route: SearchPageRoute;
  viewer: SearchViewer;
}): ReactNode {
  const intl = useIntl();
  const title = intl.formatMessage(
    route.kind === 'message_search'
      ? searchTypeaheadMessages.messageSearchTitle
      : searchTypeaheadMessages.seeAllTitle,
    { query: route.query },
  );
  return (
    <main
      id="main-content"
      className="thread-view search-page"
      aria-labelledby="search-page-heading"
      tabIndex={-1}
    >
      <h1 id="search-page-heading" className="search-page-heading">
        {title}
      </h1>
      <RegionErrorBoundary resetKey={`${route.kind}:${route.query}`}>
        <RelayRegion fallback={<InlineLoading />}>
          <LazySearchPageBody route={route} viewer={viewer} />
        </RelayRegion>
      </RegionErrorBoundary>
      <Link className="search-page-back" href={MESSENGER_PREFIX}>
        {intl.formatMessage(searchTypeaheadMessages.backToMessenger)}
      </Link>
    </main>
  );
}
