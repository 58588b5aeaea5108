import { typeaheadMessages } from '@messenger/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../app/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../messenger/RegionErrorBoundary';
import { chatSidebarMessages } from './messages';
import './chat-sidebar.css';
import type { SidebarBodyProps } from './SidebarBody';

const LazySidebarBody = lazyRoute<SidebarBodyProps>(() =>
  import('./SidebarBody').then((module) => ({ default: module.SidebarBody })),
);

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
  const label = intl.formatMessage(chatSidebarMessages.label);
  return (
    <aside className="chat-sidebar" aria-labelledby="chat-sidebar-heading">
      <h2 id="chat-sidebar-heading" className="region-heading">
        {label}
      </h2>
      {/*
       * The search typeahead's slot (seed 2), labelled as the seed says for
       * work and other accounts; the typeahead work fills it with the searchbox.
       */}
      <div
        role="search"
        className="sidebar-typeahead"
        data-slot="typeahead"
        aria-label={intl.formatMessage(
          isWork ? typeaheadMessages.ariaLabelWork : typeaheadMessages.ariaLabelMessenger,
        )}
      />
      <RegionErrorBoundary resetKey="chat-sidebar">
        <RelayRegion fallback={<InlineLoading />}>
          <LazySidebarBody viewerId={viewerId} />
        </RelayRegion>
      </RegionErrorBoundary>
    </aside>
  );
}
