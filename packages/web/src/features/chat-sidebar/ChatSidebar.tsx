import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../app/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../messenger/RegionErrorBoundary';
import { chatSidebarMessages } from './messages';
import type { SidebarBodyProps } from './SidebarBody';

const LazySidebarBody = lazyRoute<SidebarBodyProps>(() =>
  import('./SidebarBody').then((module) => ({ default: module.SidebarBody })),
);

/**
 * The chat sidebar region on the right of the host page (seed 2): friends
 * with presence and birthday marks, and the admined_pages section. Its
 * Relay-reading body is its own lazily loaded chunk.
 */
export function ChatSidebar({ viewerId }: { viewerId: string }): ReactNode {
  const intl = useIntl();
  const label = intl.formatMessage(chatSidebarMessages.label);
  return (
    <aside className="chat-sidebar" aria-labelledby="chat-sidebar-heading">
      <h2 id="chat-sidebar-heading" className="region-heading">
        {label}
      </h2>
      <RegionErrorBoundary resetKey="chat-sidebar">
        <RelayRegion fallback={<InlineLoading />}>
          <LazySidebarBody viewerId={viewerId} />
        </RelayRegion>
      </RegionErrorBoundary>
    </aside>
  );
}
