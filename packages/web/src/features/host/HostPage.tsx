import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../../i18n/app-messages';
import type { Viewer } from '../../session/session-client';
import { AppHeader } from '../../ui/AppHeader';
import { useDocumentTitle, useSharedUnreadCount } from '../../ui/document-title';
import { AppearanceMenu } from '../appearance/AppearanceMenu';
import { ChatSidebar } from '../chat-sidebar/ChatSidebar';
import { ChatTabs } from '../chat-tabs/ChatTabs';
import { ChatTabsProvider } from '../chat-tabs/ChatTabsProvider';
import { FullscreenToggle } from '../leave-page/FullscreenToggle';
import { HostNux } from '../nux/HostNux';
import { hostMessages } from './messages';
import './host.css';
import { isolateIn } from '../../i18n/isolate';

/**
 * `/`: the host network's page with the messenger embedded: a feed shell in
 * the middle, the chat sidebar on the right, chat tabs docked at the bottom
 * (the sidebar opens them, so both share the tabs' state). Onboarding prompts
 * and promotions are cards in the page's flow, not floating layers, placed
 * where nothing follows them: under the feed beside the sidebar on a laptop,
 * after the sidebar on a phone. They arrive after the page has painted (a
 * lazy chunk, then two requests), and above the feed they pushed the welcome
 * card and the sidebar down (issue 34: CLS 0.28 on a phone).
 */
export function HostPage({ viewer }: { viewer: Viewer }): ReactNode {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(appMessages.homeTitle), useSharedUnreadCount());
  return (
    <ChatTabsProvider viewerId={viewer.id}>
      <div className="host-page">
        <AppHeader
          viewerName={viewer.name}
          tools={
            <>
              <AppearanceMenu />
              <FullscreenToggle />
            </>
          }
        />
        <div className="host-layout">
          <main
            id="main-content"
            className="host-feed"
            aria-labelledby="feed-heading"
            tabIndex={-1}
          >
            <h1 id="feed-heading">{intl.formatMessage(hostMessages.feedHeading)}</h1>
            <article className="feed-card" aria-labelledby="feed-welcome">
              <h2 id="feed-welcome">
                {intl.formatMessage(hostMessages.welcome, {
                  name: isolateIn(intl, viewer.short_name),
                })}
              </h2>
              <p>{intl.formatMessage(hostMessages.feedEmpty)}</p>
            </article>
          </main>
          <ChatSidebar viewerId={viewer.id} isWork={viewer.is_work} />
          {/* In the flow, so it never covers the chat tabs or the sidebar (issue 31). */}
          <div className="host-prompts">
            <HostNux />
          </div>
        </div>
        <ChatTabs viewerId={viewer.id} />
      </div>
    </ChatTabsProvider>
  );
}
