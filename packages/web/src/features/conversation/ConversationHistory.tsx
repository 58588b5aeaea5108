import { PARTICIPANT_LEFT_KIND, messageRuns, type RunPlace } from '@messenger/core';
import { forwardRef, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import {
  Virtuoso,
  type ItemProps,
  type ListProps,
  type ScrollerProps,
  type VirtuosoHandle,
} from 'react-virtuoso';
import { usePendingRows, type Outbox, type PendingRow } from '../outbox/outbox';
import { PendingMessage } from '../outbox/PendingMessage';
import { LeftGroupLine } from '../conversation-menu/LeftGroupLine';
import type {
  ConversationHistory_query$data,
  ConversationHistory_query$key,
} from './__generated__/ConversationHistory_query.graphql';
import { outboxMessages } from '../outbox/messages';
import { conversationMessages } from './messages';
import { MessageRow } from './MessageRow';
import { messageActionsMessages } from '../message-actions/messages';
import { useReaction } from '../message-actions/use-reaction';
import { formatDaySeparator, formatFullTime, formatMessageTime } from '../time/format';
import { untilNextMinute, useNow } from '../time/use-now';
import { viewerTimeZone } from '../time/viewer-zone';
import { receiptState, type ParticipantMarks } from './receipts';
import { updateDraft } from '../drafts/drafts';
import { ReplyContext, type ReplyActions } from '../replies/reply-context';
import { useJumpToMessage } from './use-jump-to-message';
import { useKeepAtBottom } from './use-keep-at-bottom';
import { mentionsOf } from '../mentions/mention-data';

/** History page size (MESSAGING_LIMITS.historyPage). */
export const HISTORY_PAGE = 50;
/**
 * A row's height before it is measured: the sender line and a one- or
 * two-line bubble. Given, Virtuoso skips its probe pass (render one row,
 * measure, render the rest), which cost the first screen a render and a frame.
 */
export const ESTIMATED_ROW_HEIGHT = 64;
/** Pixels rendered beyond the viewport, above and below, so a wheel step shows ready rows. */
const OVERSCAN_PX = 400;

interface HistoryContext {
  label: string;
}

const Scroller = forwardRef<HTMLDivElement, ScrollerProps & { context?: HistoryContext }>(
  function Scroller({ context, ...props }, ref) {
    return (
      <div
        {...props}
        ref={ref}
        role="log"
        aria-label={context?.label}
        tabIndex={0}
        className="history-scroller"
      />
    );
  },
);

const List = forwardRef<HTMLDivElement, ListProps>(function List(props, ref) {
  return <div {...props} ref={ref} role="list" />;
});

function Item({
  context: _context,
  ...props
}: ItemProps<unknown> & { context?: unknown }): ReactNode {
  return <div {...props} role="listitem" />;
}

const COMPONENTS = { Scroller, List, Item };

const keyOf = (_index: number, row: HistoryRow): string =>
  row.kind === 'message' ? row.message.id : `pending:${row.pending.item.id}`;

export interface ConversationHistoryProps {
  query: ConversationHistory_query$key;
  viewerParticipantId: string;
  participants: readonly ParticipantMarks[];
  /** participant id → display name. */
  names: ReadonlyMap<string, string>;
  /** participant id → picture, or null for a generated face. */
  pictures?: ReadonlyMap<string, string | null>;
  /** In a group, runs of others are named; in a one-to-one thread the header names them. */
  isGroup?: boolean;
  threadId: string;
  /** The session's outbox: its unsent messages of this thread follow the sent ones. */
  outbox: Outbox;
  /** A message to scroll to and highlight (a message search result); older pages load until found. */
  highlightMessageId?: string | null;
}

const NO_PICTURES: ReadonlyMap<string, string | null> = new Map();

type HistoryRow =
  | { kind: 'message'; message: HistoryMessage; place: RunPlace }
  | { kind: 'pending'; pending: PendingRow };

type HistoryMessage = ConversationHistory_query$data['thread_messages']['edges'][number]['node'];

/**
 * A thread's history, virtualized (react-virtuoso): only the rows in view are
 * mounted. It opens at the newest message, loads 50 older ones when scrolled
 * to the top, and follows new messages while the reader is at the bottom.
 */
export function ConversationHistory({
  query,
  viewerParticipantId,
  participants,
  names,
  pictures = NO_PICTURES,
  isGroup = true,
  threadId,
  outbox,
  highlightMessageId = null,
}: ConversationHistoryProps): ReactNode {
  const intl = useIntl();
  const { data, hasPrevious, isLoadingPrevious, loadPrevious } = usePaginationFragment(
    graphql`
      fragment ConversationHistory_query on Query
      @refetchable(queryName: "ConversationHistoryPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        thread_messages(thread_id: $threadId, last: $count, before: $cursor)
          @connection(key: "ConversationHistory_thread_messages") {
          edges {
            node {
              ...messageFields_message @relay(mask: false)
              edited_at
              removed_for_you
              reactions {
                user_id
                emoji
              }
            }
          }
        }
      }
    `,
    query,
  );
  // A message the viewer removed for themselves leaves their history (the others keep it).
  const messages = useMemo(
    () =>
      data.thread_messages.edges
        .map((edge) => edge.node)
        .filter((message) => !message.removed_for_you),
    [data.thread_messages.edges],
  );
  const lastOwnSeq = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const message = messages[i];
      if (message?.sender_id === viewerParticipantId) return message.seq_in_thread;
    }
    return null;
  }, [messages, viewerParticipantId]);
  // An unsent message the store holds already (its answer or its echo came) is shown once.
  const held = useMemo(
    () =>
      new Set(
        messages.flatMap((m) =>
          m.sender_id === viewerParticipantId && m.offline_threading_id != null
            ? [m.offline_threading_id]
            : [],
        ),
      ),
    [messages, viewerParticipantId],
  );
  const pending = usePendingRows(outbox, threadId, held);
  const timeZone = viewerTimeZone();
  const places = useMemo(
    () =>
      messageRuns(
        messages.map((m) => ({
          senderId: m.sender_id,
          timestamp: m.timestamp,
          groupable: m.kind === 'text',
        })),
        timeZone,
      ),
    [messages, timeZone],
  );
  const rows = useMemo<HistoryRow[]>(
    () => [
      ...messages.map((message, i) => ({
        kind: 'message' as const,
        message,
        place: places[i] ?? { startsDay: true, startsRun: true, endsRun: true },
      })),
      ...pending.map((row) => ({ kind: 'pending' as const, pending: row })),
    ],
    [messages, pending, places],
  );
  const receipt =
    lastOwnSeq === null ? null : receiptState(lastOwnSeq, participants, viewerParticipantId);

  const startReached = useCallback(() => {
    if (hasPrevious && !isLoadingPrevious) loadPrevious(HISTORY_PAGE);
  }, [hasPrevious, isLoadingPrevious, loadPrevious]);

  // A search result's message or a reply's original: older pages load until it is there.
  const virtuoso = useRef<VirtuosoHandle>(null);
  const messageIndex = useCallback(
    (id: string) => rows.findIndex((r) => r.kind === 'message' && r.message.id === id),
    [rows],
  );
  const {
    highlightedId,
    targetIndex: highlightIndex,
    jumpTo,
  } = useJumpToMessage(
    messageIndex,
    highlightMessageId,
    { hasPrevious, isLoadingPrevious, loadPrevious },
    HISTORY_PAGE,
    virtuoso,
  );
  const { scrollerRef, keepAtBottom } = useKeepAtBottom(
    highlightIndex >= 0 || highlightedId !== null,
  );
  const replyActions = useMemo<ReplyActions>(
    () => ({
      startReply: (target) => {
        updateDraft(threadId, (draft) => ({ ...draft, reply: target }));
      },
      jumpTo,
    }),
    [threadId, jumpTo],
  );

  const historyLabel = intl.formatMessage(conversationMessages.history);
  const context = useMemo<HistoryContext>(() => ({ label: historyLabel }), [historyLabel]);
  const you = intl.formatMessage(outboxMessages.you);
  const receiptText = receipt === null ? null : intl.formatMessage(conversationMessages[receipt]);
  const [reactionError, setReactionError] = useState(false);
  const onReactionError = useCallback(() => {
    setReactionError(true);
  }, []);
  const { react: sendReaction } = useReaction(onReactionError);
  const react = useCallback(
    (messageId: string, emoji: string | null) => {
      setReactionError(false);
      sendReaction(messageId, emoji);
    },
    [sendReaction],
  );
  const hintId = `message-actions-hint-${threadId}`;
  // "Today" turns into "Yesterday" at midnight with the page left open.
  const now = useNow(untilNextMinute);
  const itemContent = useCallback(
    (_index: number, row: HistoryRow) => {
      if (row.kind === 'pending') return <PendingMessage row={row.pending} outbox={outbox} />;
      const message = row.message;
      if (message.kind === PARTICIPANT_LEFT_KIND) return <LeftGroupLine name={message.text} />;
      const own = message.sender_id === viewerParticipantId;
      const ms = message.timestamp;
      return (
        <MessageRow
          messageId={message.id}
          kind={message.kind}
          editedAt={message.edited_at ?? null}
          text={message.text}
          images={message.attachments}
          sender={own ? you : (names.get(message.sender_id) ?? '')}
          senderId={message.sender_id}
          picture={pictures.get(message.sender_id) ?? null}
          showName={!own && isGroup}
          own={own}
          startsRun={row.place.startsRun}
          endsRun={row.place.endsRun}
          timeMs={ms}
          clock={formatMessageTime(intl, ms, timeZone)}
          fullTime={formatFullTime(intl, ms, timeZone)}
          separator={row.place.startsDay ? formatDaySeparator(intl, ms, now, timeZone) : null}
          receipt={own && message.seq_in_thread === lastOwnSeq ? receiptText : null}
          highlighted={message.id === highlightedId}
          quote={message.reply_to ?? null}
          mentions={mentionsOf(message.mentions)}
          isCallEvent={message.kind === 'call_summary'}
          reactions={message.reactions}
          viewerParticipantId={viewerParticipantId}
          names={names}
          you={you}
          hintId={hintId}
          react={react}
        />
      );
    },
    [
      lastOwnSeq,
      names,
      pictures,
      isGroup,
      outbox,
      receiptText,
      viewerParticipantId,
      you,
      highlightedId,
      hintId,
      react,
      intl,
      now,
      timeZone,
    ],
  );

  if (rows.length === 0) {
    return <p className="history-empty">{intl.formatMessage(conversationMessages.noMessages)}</p>;
  }
  // seq_in_thread numbers a thread's messages 1, 2, 3...: the first loaded one's seq is a
  // stable index that only goes down as older pages arrive, as Virtuoso's prepending wants.
  // Unsent rows alone start at 1, where the thread's first stored message will be.
  const firstItemIndex = messages[0]?.seq_in_thread ?? 1;
  return (
    <>
      <span id={hintId} className="visually-hidden">
        {intl.formatMessage(messageActionsMessages.actionsHint)}
      </span>
      {reactionError ? (
        <p role="alert" className="history-error">
          {intl.formatMessage(messageActionsMessages.reactionFailed)}
        </p>
      ) : null}
      {isLoadingPrevious ? (
        <p role="status" className="history-loading">
          {intl.formatMessage(conversationMessages.loadingOlder)}
        </p>
      ) : null}
      <ReplyContext.Provider value={replyActions}>
        <Virtuoso
          ref={virtuoso}
          className="history"
          data={rows}
          context={context}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={highlightIndex >= 0 ? highlightIndex : rows.length - 1}
          startReached={startReached}
          followOutput="auto"
          scrollerRef={scrollerRef}
          totalListHeightChanged={keepAtBottom}
          defaultItemHeight={ESTIMATED_ROW_HEIGHT}
          increaseViewportBy={OVERSCAN_PX}
          computeItemKey={keyOf}
          components={COMPONENTS}
          itemContent={itemContent}
        />
      </ReplyContext.Provider>
    </>
  );
}
