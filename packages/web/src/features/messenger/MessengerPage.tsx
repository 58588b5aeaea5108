import { parsePermalink } from '@messenger/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../../i18n/app-messages';
import { MESSENGER_PREFIX } from '../../router/routes';
import type { Viewer } from '../../session/session-client';
import { AppHeader } from '../../ui/AppHeader';
import { useDocumentTitle } from '../../ui/document-title';
import { NEW_MESSAGE_SEGMENT, OmnipickerView } from '../omnipicker/OmnipickerView';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';

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
  // `/messages/new` is the compose view, not a folder permalink.
  const composing = path === `${MESSENGER_PREFIX}${NEW_MESSAGE_SEGMENT}`;
  const permalink = composing ? null : parsePermalink(path, MESSENGER_PREFIX);
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
  return (
    <div className="messenger-page">
      <AppHeader viewerName={viewer.name} />
      <div className="messenger-layout">
        <ThreadList
          folder={folder}
          viewerId={viewer.id}
          currentThreadId={currentThreadId}
          onUnreadChange={setUnread}
        />
        {composing ? (
          <OmnipickerView />
        ) : (
          <ThreadView permalink={permalink} viewerId={viewer.id} onDirectThread={onDirectThread} />
        )}
      </div>
    </div>
  );
}
