import { forwardRef, memo, useCallback, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import { Virtuoso, type ListProps, type ItemProps, type ScrollerProps } from 'react-virtuoso';
import type {
  ConversationHistory_query$data,
  ConversationHistory_query$key,
} from './__generated__/ConversationHistory_query.graphql';
import { conversationMessages } from './messages';
import { MessageText } from './MessageText';
import { receiptState, type ParticipantMarks } from './receipts';

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

type HistoryMessage = ConversationHistory_query$data['thread_messages']['edges'][number]['node'];

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

interface MessageRowProps {
  text: string;
  sender: string;
  own: boolean;
  /** The receipt under the viewer's last message, else null. */
  receipt: string | null;
}

/**
 * One message. Memoized: Virtuoso renders the rows of its range again each
 * time the range moves (every few wheel steps); unchanged rows then skip the
 * render, and their texts are not tokenized again.
 */
const MessageRow = memo(function MessageRow({
  text,
  sender,
  own,
  receipt,
}: MessageRowProps): ReactNode {
  return (
    <div className="message" data-own={own || undefined}>
      <span className="message-sender">{sender}</span>
      <p className="message-text">
        <MessageText text={text} />
      </p>
      {receipt === null ? null : <span className="message-receipt">{receipt}</span>}
    </div>
  );
});

const keyOf = (_index: number, message: HistoryMessage): string => message.id;

export interface ConversationHistoryProps {
  query: ConversationHistory_query$key;
  viewerParticipantId: string;
  participants: readonly ParticipantMarks[];
  /** participant id → display name. */
  names: ReadonlyMap<string, string>;
}

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
              id
              text
              sender_id
              seq_in_thread
              timestamp
              kind
            }
          }
        }
      }
    `,
    query,
  );
  const messages = useMemo(
    () => data.thread_messages.edges.map((edge) => edge.node),
    [data.thread_messages.edges],
  );
  const lastOwnSeq = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i -= 1) {
      const message = messages[i];
      if (message?.sender_id === viewerParticipantId) return message.seq_in_thread;
    }
    return null;
  }, [messages, viewerParticipantId]);
  const receipt =
    lastOwnSeq === null ? null : receiptState(lastOwnSeq, participants, viewerParticipantId);

  const startReached = useCallback(() => {
    if (hasPrevious && !isLoadingPrevious) loadPrevious(HISTORY_PAGE);
  }, [hasPrevious, isLoadingPrevious, loadPrevious]);

  const historyLabel = intl.formatMessage(conversationMessages.history);
  const context = useMemo<HistoryContext>(() => ({ label: historyLabel }), [historyLabel]);
  const you = intl.formatMessage(conversationMessages.you);
  const receiptText = receipt === null ? null : intl.formatMessage(conversationMessages[receipt]);
  const itemContent = useCallback(
    (_index: number, message: HistoryMessage) => {
      const own = message.sender_id === viewerParticipantId;
      return (
        <MessageRow
          text={message.text}
          sender={own ? you : (names.get(message.sender_id) ?? '')}
          own={own}
          receipt={own && message.seq_in_thread === lastOwnSeq ? receiptText : null}
        />
      );
    },
    [lastOwnSeq, names, receiptText, viewerParticipantId, you],
  );

  if (messages.length === 0) {
    return <p className="history-empty">{intl.formatMessage(conversationMessages.noMessages)}</p>;
  }
  // seq_in_thread numbers a thread's messages 1, 2, 3...: the first loaded one's seq is a
  // stable index that only goes down as older pages arrive, as Virtuoso's prepending wants.
  const firstItemIndex = messages[0]?.seq_in_thread ?? 0;
  return (
    <>
      {isLoadingPrevious ? (
        <p role="status" className="history-loading">
          {intl.formatMessage(conversationMessages.loadingOlder)}
        </p>
      ) : null}
      <Virtuoso
        className="history"
        data={messages}
        context={context}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={messages.length - 1}
        startReached={startReached}
        followOutput="auto"
        defaultItemHeight={ESTIMATED_ROW_HEIGHT}
        increaseViewportBy={OVERSCAN_PX}
        computeItemKey={keyOf}
        components={COMPONENTS}
        itemContent={itemContent}
      />
    </>
  );
}
