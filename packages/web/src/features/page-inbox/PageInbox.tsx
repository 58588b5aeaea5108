import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { MESSENGER_PREFIX } from '../../router/routes';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import { pageInboxMessages } from './messages';
import type { PageInboxBodyProps } from './PageInboxBody';

// Its own chunk, like the other Relay-reading bodies (messenger/lazy-bodies.ts).
const LazyPageInboxBody = lazyRoute<PageInboxBodyProps>(() =>
  import('./PageInboxBody').then((module) => ({ default: module.PageInboxBody })),
);

/**
 * The thread list of a page's inbox (`/messages/page/{pageId}`), in place of
 * the viewer's own: the page's conversations for one of its admins, with the
 * way back to the viewer's own chats. Its landmark stays while data loads.
 */
export function PageInbox({
  pageId,
  currentThreadId,
  onUnreadChange,
}: {
  pageId: string;
  currentThreadId: string | null;
  onUnreadChange: (count: number) => void;
}): ReactNode {
  const intl = useIntl();
  return (
    <nav className="thread-list page-inbox" aria-labelledby="thread-list-heading">
      <Link className="button thread-list-new" href={MESSENGER_PREFIX}>
        {intl.formatMessage(pageInboxMessages.backToOwn)}
      </Link>
      <RegionErrorBoundary resetKey={`page:${pageId}`}>
        <RelayRegion
          fallback={
            <>
              <h1 id="thread-list-heading" className="region-heading">
                {intl.formatMessage(pageInboxMessages.heading)}
              </h1>
              <InlineLoading />
            </>
          }
        >
          <LazyPageInboxBody
            pageId={pageId}
            currentThreadId={currentThreadId}
            onUnreadChange={onUnreadChange}
          />
        </RelayRegion>
      </RegionErrorBoundary>
    </nav>
  );
}
