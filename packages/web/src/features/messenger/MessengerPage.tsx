import { parsePermalink } from '@messenger/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../../i18n/app-messages';
import { MESSENGER_PREFIX } from '../../router/routes';
import type { Viewer } from '../../session/session-client';
import { AppHeader } from '../../ui/AppHeader';
import { useDocumentTitle } from '../../ui/document-title';
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
  const permalink = parsePermalink(path, MESSENGER_PREFIX);
  const folder = permalink?.tag ?? 'INBOX';
  return (
    <div className="messenger-page">
      <AppHeader viewerName={viewer.name} />
      <div className="messenger-layout">
        <ThreadList
          folder={folder}
          viewerId={viewer.id}
          currentThreadId={permalink?.kind === 'thread' ? permalink.threadId : null}
          onUnreadChange={setUnread}
        />
        <ThreadView permalink={permalink} viewerId={viewer.id} />
      </div>
    </div>
  );
}
