import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLazyLoadQuery } from 'react-relay';
import { InlineLoading } from '../../ui/InlineLoading';
import { FirstMessageComposer } from '../conversation/FirstMessageComposer';
import { conversationMessages } from '../conversation/messages';
import { LazyConversationBody } from '../conversation/lazy-conversation-body';
import { useLiveSync, useResyncFetchOptions } from '../sync/live-sync';
import type { PersonThreadQuery } from './__generated__/PersonThreadQuery.graphql';
import { useChatTabs } from './ChatTabsProvider';
import { personThreadQuery } from './PersonThread';
import type { ChatTab } from './tabs-reducer';

/**
 * An open tab's conversation: the messenger's own (history, typing, composer;
 * its lazily loaded chunk), without its title, which the tab's header shows.
 */
export function TabBody({ tab, viewerId }: { tab: ChatTab; viewerId: string }): ReactNode {
  const threadId = tab.target.threadId;
  let body: ReactNode = null;
  if (threadId !== null) {
    body = <LazyConversationBody threadId={threadId} viewerId={viewerId} compact />;
  } else if (tab.target.kind === 'person') {
    body = <FirstMessage tab={tab} personId={tab.target.personId} />;
  }
  return (
    <div className="chat-tab-content" data-body={bodyKey(tab)}>
      {body}
    </div>
  );
}

/**
 * Which body a tab shows. While the next one loads, React keeps the previous
 * one in the page: the focus goes only to the composer of the current one.
 */
export function bodyKey(tab: ChatTab): string {
  return tab.target.threadId ?? 'first-message';
}

/**
 * A person (or page) the viewer has no conversation with yet: the first
 * message goes to them and creates the thread, which the tab then shows.
 */
function FirstMessage({ tab, personId }: { tab: ChatTab; personId: string }): ReactNode {
  const intl = useIntl();
  const { dispatch } = useChatTabs();
  const fetchOptions = useResyncFetchOptions(useLiveSync());
  const data = useLazyLoadQuery<PersonThreadQuery>(personThreadQuery, { personId }, fetchOptions);
  // Found: the header records the thread on the tab, which then shows the conversation.
  if ((data.direct_thread.thread ?? null) !== null) return <InlineLoading />;
  return (
    <>
      <div className="conversation-history">
        <p className="history-empty">{intl.formatMessage(conversationMessages.noMessages)}</p>
      </div>
      <FirstMessageComposer
        recipientId={personId}
        onSent={(threadId) => {
          dispatch({ type: 'resolved', key: tab.key, threadId, hadFocus: true });
        }}
      />
    </>
  );
}
