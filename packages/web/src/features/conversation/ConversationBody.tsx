import type { EntryPointPath } from '@messenger/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { InlineLoading } from '../../ui/InlineLoading';
import { CallButtons } from '../calls/CallButtons';
import { useQueryInStore } from '../../relay/use-query-in-store';
import { useConversationOpened } from '../analytics/conversation-entry-points';
import { useOutbox } from '../outbox/outbox';
import { useLiveSync, useResyncFetchOptions } from '../sync/live-sync';
import { linkedList, raise, threadStateRecord, valueOf } from '../sync/records';
import { titleOf } from '../thread-list/thread-rows';
import { TypingIndicator, useTypingStore } from '../typing/TypingIndicator';
import type { ConversationBodyMarkReadMutation } from './__generated__/ConversationBodyMarkReadMutation.graphql';
import type { ConversationBodyQuery as Query } from './__generated__/ConversationBodyQuery.graphql';
import { historyDropHandlers } from './history-drop';
import { Composer } from './Composer';
import { ConversationHistory } from './ConversationHistory';
import { threadPeople } from './thread-people';
import { HeaderConversationMenu } from '../conversation-menu/HeaderConversationMenu';
import { ThreadHeader } from './ThreadHeader';
import { ThreadSettingsDialog } from './ThreadSettingsDialog';
import '../messenger/messenger.css';

/** Characters of the header's title before the ellipsis. */
const HEADER_TITLE_MAX = 80;

/** The entry point a conversation records when nothing else opened it (seed 3). */
const CHAT_TAB: EntryPointPath = ['chat_tab'];
const MESSENGER_INBOX: EntryPointPath = ['messenger_web_inbox'];

const threadQuery = graphql`
  query ConversationBodyQuery($threadId: ID!) {
    message_thread(thread_fbid: $threadId) {
      id
      thread_id
      group_name
      is_group_thread
      custom_nickname
      unread_count
      folder
      muted_until
      participants_to_render {
        ...personFields_participant @relay(mask: false)
      }
    }
    thread_state(thread_id: $threadId) {
      viewer_participant_id
      last_message_seq
      participants {
        id
        last_read_seq
        last_delivered_seq
      }
    }
    ...ConversationHistory_query
  }
`;

export interface ConversationBodyProps {
  threadId: string;
  viewerId: string;
  /** In a chat tab: its header already shows the title, so this one has none. */
  compact?: boolean;
  /** See useQueryInStore: the data came before this body was first shown. */
  onEarlyData?: () => void;
  /** A message to scroll to and highlight (opened from a message search result). */
  highlightMessageId?: string | null;
}

/**
 * An open thread: its title, its history and the composer. What is shown is
 * marked read (again whenever something new arrives while it is open).
 *
 * Until the thread's data is in the store it shows a loading status of its
 * own rather than suspending, so the history paints as soon as the data
 * arrives (issue 5; relay/use-query-in-store.ts says why).
 */
export function ConversationBody({
  threadId,
  viewerId,
  compact = false,
  onEarlyData,
  highlightMessageId = null,
}: ConversationBodyProps): ReactNode {
  const variables = useMemo(() => ({ threadId }), [threadId]);
  const ready = useQueryInStore(threadQuery, variables, onEarlyData);
  if (!ready) return <InlineLoading />;
  return (
    <OpenConversation
      threadId={threadId}
      viewerId={viewerId}
      variables={variables}
      compact={compact}
      highlightMessageId={highlightMessageId}
    />
  );
}

function OpenConversation({
  threadId,
  viewerId,
  variables,
  compact,
  highlightMessageId,
}: {
  threadId: string;
  viewerId: string;
  variables: Query['variables'];
  compact: boolean;
  highlightMessageId: string | null;
}): ReactNode {
  const live = useLiveSync();
  const outbox = useOutbox();
  const typing = useTypingStore();
  useConversationOpened(threadId, compact ? CHAT_TAB : MESSENGER_INBOX);
  // The data is in the store: the first read does not suspend; a resync refetches in a transition.
  const fetchOptions = useResyncFetchOptions(live);
  const data = useLazyLoadQuery<Query>(threadQuery, variables, fetchOptions);

  const thread = data.message_thread;
  const state = data.thread_state;
  const viewerParticipantId = state.viewer_participant_id;
  const title = titleOf(thread, viewerParticipantId, HEADER_TITLE_MAX);
  const people = useMemo(() => threadPeople(thread), [thread]);
  // Messages and the typing line name people as the thread shows them (nicknames).
  const names = useMemo(() => new Map(people.map((p) => [p.id, p.shown])), [people]);
  const pictures = useMemo(() => new Map(people.map((p) => [p.id, p.picture])), [people]);
  const others = useMemo(
    () => people.filter((p) => p.id !== viewerParticipantId),
    [people, viewerParticipantId],
  );
  // In a group, `@` offers its members by the names the thread shows.
  const mentionable = useMemo(
    () => (thread.is_group_thread ? people.map((p) => ({ id: p.id, name: p.shown })) : []),
    [people, thread.is_group_thread],
  );
  const ownRead = state.participants.find((p) => p.id === viewerParticipantId)?.last_read_seq ?? 0;
  useMarkRead(threadId, viewerParticipantId, state.last_message_seq, ownRead, thread.unread_count);
  // An admin answering for a page (page inbox): calls and new groups are the person's own, not the page's.
  const asPage = viewerParticipantId !== viewerId;
  const callButtons = asPage ? null : (
    <CallButtons
      threadId={threadId}
      isGroup={thread.is_group_thread}
      title={title}
      others={others}
    />
  );

  return (
    <>
      {compact ? (
        // A chat tab's header is its own title bar: the calls get a bar of their own under it.
        <div className="chat-tab-call-bar">{callButtons}</div>
      ) : (
        <ThreadHeader
          title={title}
          isGroup={thread.is_group_thread}
          others={others}
          callButtons={callButtons}
          newGroupOffered={!asPage}
          menu={
            asPage ? null : (
              <HeaderConversationMenu
                threadId={threadId}
                title={title}
                isGroup={thread.is_group_thread}
                mutedUntil={thread.muted_until ?? null}
                folder={thread.folder}
                unreadCount={thread.unread_count}
              />
            )
          }
          renderSettings={(dialog) => (
            <ThreadSettingsDialog
              {...dialog}
              threadId={threadId}
              isGroup={thread.is_group_thread}
              groupName={thread.group_name ?? null}
              people={people}
              viewerParticipantId={viewerParticipantId}
              refresh={() => {
                live.resync();
              }}
            />
          )}
        />
      )}
      <div className="conversation-history" {...historyDropHandlers(threadId)}>
        <ConversationHistory
          query={data}
          viewerParticipantId={viewerParticipantId}
          participants={state.participants}
          names={names}
          pictures={pictures}
          isGroup={thread.is_group_thread}
          threadId={threadId}
          outbox={outbox}
          highlightMessageId={highlightMessageId ?? null}
        />
      </div>
      <TypingIndicator
        store={typing}
        threadId={threadId}
        exclude={[viewerId, viewerParticipantId]}
        names={names}
      />
      <Composer
        threadId={threadId}
        viewerId={viewerId}
        // A page's thread read by its admin: the reply goes out as the page, said in the send.
        asPageId={asPage ? viewerParticipantId : undefined}
        viewerParticipantId={viewerParticipantId}
        mentionable={mentionable}
      />
    </>
  );
}

/** Marks the thread read up to its newest message whenever that is not read yet. */
function useMarkRead(
  threadId: string,
  viewerParticipantId: string,
  lastSeq: number,
  ownRead: number,
  unread: number,
): void {
  const [commit] = useMutation<ConversationBodyMarkReadMutation>(graphql`
    mutation ConversationBodyMarkReadMutation($threadId: ID!, $seq: Int) {
      mark_thread_read(thread_id: $threadId, seq: $seq) {
        thread_id
        unread_count
      }
    }
  `);
  const requested = useRef(0);
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => {
      setVisible(document.visibilityState !== 'hidden');
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
    };
  }, []);
  useEffect(() => {
    if (!visible) return;
    if (lastSeq <= ownRead && unread === 0) return;
    if (requested.current >= lastSeq && unread === 0) return;
    requested.current = lastSeq;
    commit({
      variables: { threadId, seq: lastSeq },
      updater: (store) => {
        store.get(threadId)?.setValue(0, 'unread_count');
        store.get(threadId)?.setValue(0, 'mentions_unread');
        const state = threadStateRecord(store, threadId);
        const own = state
          ? linkedList(state, 'participants').find(
              (p) => p !== null && valueOf(p, 'id') === viewerParticipantId,
            )
          : undefined;
        if (own) raise(own, 'last_read_seq', lastSeq);
      },
    });
  }, [commit, lastSeq, ownRead, threadId, unread, viewerParticipantId, visible]);
}
