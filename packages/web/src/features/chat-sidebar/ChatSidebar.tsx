import { typeaheadMessages, type SearchEntry } from '@messenger/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { useSession } from '../../session/SessionProvider';
import { useChatTabs } from '../chat-tabs/ChatTabsProvider';
import type { TabTarget } from '../chat-tabs/tabs-reducer';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import type { SearchTypeaheadProps } from '../search-typeahead/SearchTypeahead';
import { chatSidebarMessages } from './messages';
import './chat-sidebar.css';
import type { SidebarBodyProps } from './SidebarBody';

const LazySidebarBody = lazyRoute<SidebarBodyProps>(() =>
  import('./SidebarBody').then((module) => ({ default: module.SidebarBody })),
);

// The typeahead, its server sources (Relay) and its search funnel: their own chunk, like the body.
const LazySearchTypeahead = lazyRoute<Omit<SearchTypeaheadProps, 'hooks'>>(() =>
  import('../search-typeahead/SidebarSearchTypeahead').then((module) => ({
    default: module.SidebarSearchTypeahead,
  })),
);

/** A placeholder of the input's size while the typeahead's chunk loads. */
const typeaheadFallback = <div className="sidebar-typeahead-placeholder" />;

/**
 * The chat sidebar region on the right of the host page (seed 2): the search
 * typeahead's place at the top, friends with presence and birthday marks,
 * groups, pages, and the admined_pages section. Its Relay-reading body is its
 * own lazily loaded chunk.
 */
export function ChatSidebar({
  viewerId,
  isWork,
}: {
  viewerId: string;
  isWork: boolean;
}): ReactNode {
  const intl = useIntl();
  const session = useSession();
  const tabs = useChatTabs();
  const label = intl.formatMessage(chatSidebarMessages.label);
  // The body publishes its bootstrap friends and groups as the typeahead's local cache.
  const [searchCache, setSearchCache] = useState<readonly SearchEntry[]>([]);
  const { dispatch } = tabs;
  const openChat = useCallback(
    (target: TabTarget, title: string) => {
      dispatch({ type: 'open', target, title });
    },
    [dispatch],
  );
  const viewer = session.state.status === 'signed-in' ? session.state.viewer : null;
  return (
    <aside className="chat-sidebar" aria-labelledby="chat-sidebar-heading">
      <h2 id="chat-sidebar-heading" className="region-heading">
        {label}
      </h2>
      {/*
       * The search typeahead's slot (seed 2), labelled as the seed says for
       * work and other accounts.
       */}
      <div
        role="search"
        className="sidebar-typeahead"
        data-slot="typeahead"
        aria-label={intl.formatMessage(
          isWork ? typeaheadMessages.ariaLabelWork : typeaheadMessages.ariaLabelMessenger,
        )}
      >
        {viewer === null ? null : (
          <RegionErrorBoundary resetKey="sidebar-typeahead">
            <RelayRegion fallback={typeaheadFallback}>
              <LazySearchTypeahead viewer={viewer} cache={searchCache} openChat={openChat} />
            </RelayRegion>
          </RegionErrorBoundary>
        )}
      </div>
      <RegionErrorBoundary resetKey="chat-sidebar">
        <RelayRegion fallback={<InlineLoading />}>
          <LazySidebarBody viewerId={viewerId} isWork={isWork} onSearchCache={setSearchCache} />
        </RelayRegion>
      </RegionErrorBoundary>
    </aside>
  );
}
