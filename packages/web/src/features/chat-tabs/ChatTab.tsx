import { badgeText, isMuted } from '@messenger/core';
import {
  Suspense,
  useEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import { useLiveSync, useResyncFetchOptions } from '../sync/live-sync';
import { threadListMessages } from '../thread-list/messages';
import { browserClock } from '../../lib/clock';
import { titleOf } from '../thread-list/thread-rows';
import type { ChatTabHeader_thread$key } from './__generated__/ChatTabHeader_thread.graphql';
import type { PersonThreadQuery } from './__generated__/PersonThreadQuery.graphql';
import type { ChatTabThreadQuery } from './__generated__/ChatTabThreadQuery.graphql';
import { useChatTabs } from './ChatTabsProvider';
import { chatTabsMessages } from './messages';
import { personThreadQuery } from './PersonThread';
import { bodyKey, TabBody } from './TabBody';
import { usePresenceDot } from '../presence/PresenceDot';
import { TabErrorBoundary } from './TabErrorBoundary';
import type { ChatTab as Tab } from './tabs-reducer';
import { isolateIn } from '../../i18n/isolate';

/** Characters of a tab's title before the ellipsis (core threadTitle's maxLength). */
export const TAB_TITLE_MAX = 28;

const headerFragment = graphql`
  fragment ChatTabHeader_thread on MessageThread {
    id
    group_name
    custom_nickname
    unread_count
    muted_until
    participants_to_render {
      __typename
      ... on MessagingUser {
        id
        name
        short_name
      }
      ... on Page {
        id
        name
      }
    }
  }
`;

interface HeaderProps {
  tab: Tab;
  viewerId: string;
  headerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * One chat tab: a header button named by the conversation's title (it
 * minimizes and restores the tab; minimized, it shows the unread badge), a
 * close button, and the conversation while open. Escape in its composer
 * minimizes it; opening it moves the focus into the composer.
 */
export function ChatTab({ tab, viewerId }: { tab: Tab; viewerId: string }): ReactNode {
  const { dispatch, pendingFocus, focusDone } = useChatTabs();
  const rootRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLButtonElement>(null);
  const current = bodyKey(tab);

  useEffect(() => {
    if (pendingFocus === null || pendingFocus.type === 'focus_dock') return;
    if (pendingFocus.key !== tab.key) return;
    if (pendingFocus.type === 'focus_header') {
      headerRef.current?.focus();
      focusDone(pendingFocus);
      return;
    }
    // The composer arrives with the lazily loaded conversation: wait for it to be in the page.
    const root = rootRef.current;
    if (root === null) return;
    const selector = `[data-body="${current}"] .composer textarea`;
    const tryFocus = (): boolean => {
      const composer = root.querySelector<HTMLTextAreaElement>(selector);
      if (composer === null) return false;
      composer.focus();
      focusDone(pendingFocus);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    // The person went on elsewhere (the search box, another tab) before the composer came:
    // the focus is theirs, not taken back when the conversation arrives.
    const onFocusIn = (event: FocusEvent): void => {
      if (event.target instanceof Node && !root.contains(event.target)) {
        focusDone(pendingFocus);
        stop();
      }
    };
    function stop(): void {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    }
    observer.observe(root, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn);
    return stop;
  }, [pendingFocus, focusDone, tab.key, current]);

  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>): void {
    // Capture phase: React Aria's text field keeps its key events from bubbling.
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLElement) || event.target.closest('.composer') === null) {
      return;
    }
    event.preventDefault();
    dispatch({ type: 'minimize', key: tab.key });
  }

  const headerProps: HeaderProps = { tab, viewerId, headerRef };
  // The title the tab was opened with, until (or if never) the thread's own is loaded.
  const stored = (
    <TabHeader
      {...headerProps}
      title={tab.title}
      unread={0}
      personId={tab.target.kind === 'person' ? tab.target.personId : null}
    />
  );
  return (
    <div
      ref={rootRef}
      role="group"
      aria-labelledby={headerId(tab)}
      className="chat-tab"
      data-status={tab.status}
      onKeyDownCapture={onKeyDownCapture}
    >
      <TabErrorBoundary resetKey={tab.target.threadId ?? tab.key} fallback={stored}>
        <Suspense fallback={stored}>
          <LiveTabHeader {...headerProps} />
        </Suspense>
      </TabErrorBoundary>
      {tab.status === 'open' ? (
        <div id={bodyId(tab)} className="chat-tab-body">
          <RegionErrorBoundary resetKey={tab.target.threadId ?? tab.key}>
            <Suspense fallback={<InlineLoading />}>
              <TabBody tab={tab} viewerId={viewerId} />
            </Suspense>
          </RegionErrorBoundary>
        </div>
      ) : null}
    </div>
  );
}

const headerId = (tab: Tab): string => `chat-tab-header-${tab.key}`;
const bodyId = (tab: Tab): string => `chat-tab-body-${tab.key}`;

function LiveTabHeader(props: HeaderProps): ReactNode {
  const threadId = props.tab.target.threadId;
  if (threadId !== null) return <ThreadTabHeader {...props} threadId={threadId} />;
  if (props.tab.target.kind === 'person') {
    return <PersonTabHeader {...props} personId={props.tab.target.personId} />;
  }
  return null;
}

function ThreadTabHeader(props: HeaderProps & { threadId: string }): ReactNode {
  const fetchOptions = useResyncFetchOptions(useLiveSync());
  const data = useLazyLoadQuery<ChatTabThreadQuery>(
    graphql`
      query ChatTabThreadQuery($threadId: ID!) {
        message_thread(thread_fbid: $threadId) {
          ...ChatTabHeader_thread
        }
      }
    `,
    { threadId: props.threadId },
    fetchOptions,
  );
  return <ThreadHeader {...props} thread={data.message_thread} />;
}

/** A person's tab: finds their thread; once found, the tab remembers it (and survives reloads). */
function PersonTabHeader(props: HeaderProps & { personId: string }): ReactNode {
  const { dispatch } = useChatTabs();
  const fetchOptions = useResyncFetchOptions(useLiveSync());
  const data = useLazyLoadQuery<PersonThreadQuery>(
    personThreadQuery,
    { personId: props.personId },
    fetchOptions,
  );
  const thread = data.direct_thread.thread ?? null;
  const found = thread?.id ?? null;
  const { key } = props.tab;
  useEffect(() => {
    if (found === null) return;
    const group = document.getElementById(headerId(props.tab))?.closest('.chat-tab');
    dispatch({
      type: 'resolved',
      key,
      threadId: found,
      hadFocus: group?.contains(document.activeElement) ?? false,
    });
  }, [dispatch, found, key, props.tab]);
  if (thread === null)
    return <TabHeader {...props} title={props.tab.title} unread={0} personId={props.personId} />;
  return <ThreadHeader {...props} thread={thread} />;
}

function ThreadHeader(props: HeaderProps & { thread: ChatTabHeader_thread$key }): ReactNode {
  const thread = useFragment(headerFragment, props.thread);
  const title = titleOf(thread, props.viewerId, TAB_TITLE_MAX);
  // A conversation with one other person shows whether they are active now.
  // (People come as several concrete types; a page is the only participant that is not a person.)
  const others = thread.participants_to_render.filter(
    (p) => p.__typename !== 'Page' && p.id !== undefined && p.id !== props.viewerId,
  );
  const other = others.length === 1 ? (others[0]?.id ?? null) : null;
  return (
    <TabHeader
      {...props}
      title={title === '' ? props.tab.title : title}
      // A muted conversation shows no count (core isMuted).
      unread={isMuted(thread.muted_until, browserClock) ? 0 : thread.unread_count}
      personId={other}
    />
  );
}

/** The header row: the title button (minimize / restore) with the unread badge, and close. */
function TabHeader({
  tab,
  headerRef,
  title,
  unread,
  personId,
}: HeaderProps & { title: string; unread: number; personId: string | null }): ReactNode {
  const intl = useIntl();
  const presence = usePresenceDot(personId, `chat-tab-presence-${tab.key}`);
  const { dispatch } = useChatTabs();
  const open = tab.status === 'open';
  // Only a minimized tab shows its count: an open one marks what it shows as read.
  const badge = open ? null : badgeText(unread);
  const unreadId = `chat-tab-unread-${tab.key}`;
  return (
    <div className="chat-tab-header">
      <Button
        ref={headerRef}
        id={headerId(tab)}
        className="chat-tab-title"
        aria-expanded={open}
        {...(open ? { 'aria-controls': bodyId(tab) } : {})}
        {...describedBy([badge === null ? undefined : unreadId, presence.describedBy])}
        onPress={() => {
          dispatch({ type: open ? 'minimize' : 'restore', key: tab.key });
        }}
      >
        {presence.dot}
        <span className="chat-tab-name" dir="auto">
          {title}
        </span>
        {badge === null ? null : (
          <span className="unread-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </Button>
      {presence.description}
      {badge === null ? null : (
        <span id={unreadId} className="visually-hidden">
          {intl.formatMessage(threadListMessages.unread, { count: unread })}
        </span>
      )}
      <Button
        className="chat-tab-close"
        aria-label={intl.formatMessage(chatTabsMessages.close, { title: isolateIn(intl, title) })}
        onPress={() => {
          dispatch({ type: 'close', key: tab.key });
        }}
      >
        <span aria-hidden="true">×</span>
      </Button>
    </div>
  );
}

/** `aria-describedby` for the ids given, or no attribute when there are none. */
function describedBy(ids: readonly (string | undefined)[]): { 'aria-describedby'?: string } {
  const present = ids.filter((id) => id !== undefined);
  return present.length === 0 ? {} : { 'aria-describedby': present.join(' ') };
}
