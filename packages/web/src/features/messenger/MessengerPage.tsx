import { folderPermalink, parsePermalink, type Permalink } from '@messenger/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../../i18n/app-messages';
import { useLocation } from '../../router/Router';
import { MESSENGER_PREFIX, matchPageInbox, pageInboxPath } from '../../router/routes';
import type { Viewer } from '../../session/session-client';
import { AppHeader } from '../../ui/AppHeader';
import { useDocumentTitle } from '../../ui/document-title';
import { AppearanceMenu } from '../appearance/AppearanceMenu';
import { FullscreenToggle } from '../leave-page/FullscreenToggle';
import { BROADCAST_SEGMENT, BroadcastView } from '../broadcast/BroadcastView';
import { PageInbox } from '../page-inbox/PageInbox';
import { NEW_MESSAGE_SEGMENT, OmnipickerView } from '../omnipicker/OmnipickerView';
import { MESSAGE_PARAM, matchSearchPage } from '../search-typeahead/search-paths';
import { SearchPage } from '../search-typeahead/SearchPage';
import { PaneBackLink } from './PaneBackLink';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';
// With the page's own chunk, not the bodies': the placeholders shown before them
// (folder entries, the sync status line) need their final box from the start.
import './messenger.css';

/**
 * The full-page messenger under the product path prefix: thread list on the
 * left, the open thread on the right. Loaded lazily (app/lazy-routes.ts).
 */
export interface MessengerPageProps {
  viewer: Viewer;
  /** The whole path, prefix included. */
  path: string;
}

export function MessengerPage({ viewer, path }: MessengerPageProps): ReactNode {
  const intl = useIntl();
  const [unread, setUnread] = useState(0);
  useDocumentTitle(intl.formatMessage(appMessages.appName), unread);
  // `/messages/new` and `/messages/broadcast` are compose views, not folder permalinks.
  const composing = path === `${MESSENGER_PREFIX}${NEW_MESSAGE_SEGMENT}`;
  const broadcasting = path === `${MESSENGER_PREFIX}${BROADCAST_SEGMENT}`;
  // `/messages/search…`: the typeahead's see-all and message search pages.
  const { search } = useLocation();
  const searchPage = matchSearchPage(path, search);
  const highlightMessageId = new URLSearchParams(search).get(MESSAGE_PARAM);
  // `/messages/page/{pageId}…`: a page's inbox, for its admins.
  const pageInbox = matchPageInbox(path);
  const permalink: Permalink | null =
    pageInbox !== null
      ? pageInbox.threadId === null
        ? { kind: 'folder', tag: 'INBOX' }
        : { kind: 'thread', tag: 'INBOX', threadId: pageInbox.threadId }
      : composing || broadcasting || searchPage !== null
        ? null
        : parsePermalink(path, MESSENGER_PREFIX);
  const folder = permalink?.tag ?? 'INBOX';
  // The thread a /t/{userId} permalink resolved to, remembered with the user it was for.
  const [direct, setDirect] = useState<{ userId: string; threadId: string } | null>(null);
  let currentThreadId: string | null = null;
  if (permalink?.kind === 'thread') currentThreadId = permalink.threadId;
  else if (permalink?.kind === 'user' && direct?.userId === permalink.userId) {
    currentThreadId = direct.threadId;
  }
  const directUserId = permalink?.kind === 'user' ? permalink.userId : null;
  const onDirectThread = useCallback(
    (threadId: string) => {
      if (directUserId !== null) setDirect({ userId: directUserId, threadId });
    },
    [directUserId],
  );
  // On a phone the list and what is open are two screens (messenger.css): which one shows.
  const pane =
    currentThreadId !== null ||
    permalink?.kind === 'user' ||
    composing ||
    broadcasting ||
    searchPage !== null
      ? 'detail'
      : 'list';
  const listPath =
    pageInbox !== null
      ? pageInboxPath(pageInbox.pageId)
      : folderPermalink({ prefix: MESSENGER_PREFIX, tag: folder });
  return (
    <div className="messenger-page">
      <AppHeader
        viewerName={viewer.name}
        tools={
          <>
            <AppearanceMenu />
            <FullscreenToggle />
          </>
        }
      />
      <div className="messenger-layout" data-pane={pane}>
        {pageInbox !== null ? (
          <PageInbox
            pageId={pageInbox.pageId}
            currentThreadId={currentThreadId}
            onUnreadChange={setUnread}
          />
        ) : (
          <ThreadList
            folder={folder}
            viewerId={viewer.id}
            currentThreadId={currentThreadId}
            onUnreadChange={setUnread}
          />
        )}
        <PaneBackLink href={listPath} folder={folder} />
        {searchPage !== null ? (
          <SearchPage route={searchPage} viewer={viewer} />
        ) : composing ? (
          <OmnipickerView />
        ) : broadcasting ? (
          <BroadcastView />
        ) : (
          <ThreadView
            permalink={permalink}
            viewerId={viewer.id}
            onDirectThread={onDirectThread}
            highlightMessageId={highlightMessageId}
          />
        )}
      </div>
    </div>
  );
}
