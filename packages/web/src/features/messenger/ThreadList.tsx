import type { ReactNode } from 'react';
import type { ThreadTag } from '@messenger/core';
import { Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { MESSENGER_PREFIX } from '../../router/routes';
import { broadcastMessages } from '../broadcast/messages';
import { omnipickerMessages } from '../omnipicker/messages';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { listFolderOf } from '../thread-list/thread-rows';
import { LazyRequestsBody, LazyThreadListBody } from './lazy-bodies';
import { FolderEntries } from './FolderEntries';
import { FolderEntryLinks } from './FolderEntryLinks';
import { folderHeadingOf } from './folder-heading';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';

/**
 * The thread list of the full-page messenger (inbox, `/filtered`,
 * `/requests`): its landmark stays while the data loads or fails.
 */
export function ThreadList({
  folder,
  viewerId,
  currentThreadId,
  onUnreadChange,
}: {
  folder: ThreadTag;
  viewerId: string;
  currentThreadId: string | null;
  onUnreadChange: (count: number) => void;
}): ReactNode {
  const intl = useIntl();
  const listFolder = listFolderOf(folder);
  return (
    <nav className="thread-list" aria-labelledby="thread-list-heading" data-folder={folder}>
      <h1 id="thread-list-heading" className="region-heading">
        {intl.formatMessage(folderHeadingOf(listFolder))}
      </h1>
      <Link className="button thread-list-new" href={`${MESSENGER_PREFIX}/new`}>
        {intl.formatMessage(omnipickerMessages.newMessage)}
      </Link>
      <Link className="button thread-list-new" href={`${MESSENGER_PREFIX}/broadcast`}>
        {intl.formatMessage(broadcastMessages.broadcast)}
      </Link>
      <RegionErrorBoundary resetKey={`folders:${listFolder}`}>
        <RelayRegion fallback={<FolderEntryLinks folder={listFolder} counts={null} />}>
          <FolderEntries folder={listFolder} />
        </RelayRegion>
      </RegionErrorBoundary>
      <RegionErrorBoundary resetKey={listFolder}>
        <RelayRegion fallback={<InlineLoading />}>
          {listFolder === 'PENDING' ? (
            <LazyRequestsBody viewerId={viewerId} currentThreadId={currentThreadId} />
          ) : (
            <LazyThreadListBody
              viewerId={viewerId}
              folder={listFolder}
              currentThreadId={currentThreadId}
              onUnreadChange={onUnreadChange}
            />
          )}
        </RelayRegion>
      </RegionErrorBoundary>
    </nav>
  );
}
