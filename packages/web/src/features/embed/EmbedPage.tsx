import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Viewer } from '../../session/session-client';
import { useSharedUnreadCount } from '../../ui/document-title';
import { ChatSidebar } from '../chat-sidebar/ChatSidebar';
import { ChatTabs } from '../chat-tabs/ChatTabs';
import { ChatTabsProvider, useChatTabs } from '../chat-tabs/ChatTabsProvider';
import { embedFrameWidth } from './bridge';
import { useEmbedBridge } from './EmbedBridgeContext';
import { embedMessages } from './messages';

/** Follows the host's "open a conversation" and reports the unread count and the width needed. */
function EmbedRelay(): null {
  const bridge = useEmbedBridge();
  const { state, dispatch } = useChatTabs();
  const unread = useSharedUnreadCount();

  useEffect(
    () =>
      bridge?.listen((command) => {
        if (command.type !== 'open-conversation') return;
        dispatch({
          type: 'open',
          target: { kind: 'person', personId: command.person_id, threadId: null },
          title: command.name ?? '',
        });
      }),
    [bridge, dispatch],
  );

  useEffect(() => {
    bridge?.post({ type: 'unread', count: unread });
  }, [bridge, unread]);

  const width = embedFrameWidth(state.tabs);
  useEffect(() => {
    bridge?.post({ type: 'resize', width });
  }, [bridge, width]);
  return null;
}

/**
 * The embed's signed-in screen: the host page's chat sidebar and chat tabs
 * (the same components), without the host page's header and feed: those are
 * the host network's own.
 */
export interface EmbedPageProps {
  viewer: Viewer;
}

export function EmbedPage({ viewer }: EmbedPageProps): ReactNode {
  const intl = useIntl();
  return (
    <ChatTabsProvider viewerId={viewer.id}>
      <EmbedRelay />
      <main className="embed-page" aria-labelledby="embed-heading">
        <h1 id="embed-heading" className="visually-hidden">
          {intl.formatMessage(embedMessages.heading)}
        </h1>
        <ChatSidebar viewerId={viewer.id} isWork={viewer.is_work} />
        <ChatTabs viewerId={viewer.id} />
      </main>
    </ChatTabsProvider>
  );
}
