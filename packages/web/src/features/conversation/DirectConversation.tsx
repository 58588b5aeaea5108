import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useQueryInStore } from '../../relay/use-query-in-store';
import { InlineLoading } from '../../ui/InlineLoading';
import { useLiveSync, useResyncFetchOptions } from '../sync/live-sync';
import type {
  DirectConversationQuery as Query,
  DirectThreadRestriction,
} from './__generated__/DirectConversationQuery.graphql';
import { ConversationBody } from './ConversationBody';
import { FirstMessageComposer } from './FirstMessageComposer';
import { ActiveNow } from './ThreadHeader';
import { conversationMessages } from './messages';
import '../messenger/messenger.css';
import { isolateIn } from '../../i18n/isolate';

const directQuery = graphql`
  query DirectConversationQuery($userId: ID!) {
    direct_thread(user_id: $userId) {
      user_id
      restriction
      thread {
        thread_id
      }
      recipient {
        __typename
        ... on MessagingUser {
          name
        }
        ... on Page {
          name
        }
      }
    }
  }
`;

export interface DirectConversationProps {
  userId: string;
  viewerId: string;
  /** Tells the page which thread the permalink turned out to be (the list marks it). */
  onThread?: (threadId: string) => void;
  /** See useQueryInStore: the data came before this body was first shown. */
  onEarlyData?: () => void;
}

const restrictionMessage = {
  self: conversationMessages.directSelf,
  not_found: conversationMessages.directNotFound,
  memorialized: conversationMessages.directMemorialized,
  blocked: conversationMessages.directBlocked,
  blocking: conversationMessages.directBlocking,
} as const;

/**
 * The `/t/{userId}` permalink: the one-to-one thread with that person when
 * there is one, else an empty conversation whose first message creates it,
 * or a plain sentence saying why the viewer cannot write to them. Resolved
 * on the server each time, so a reload lands on the same conversation.
 */
export function DirectConversation(props: DirectConversationProps): ReactNode {
  const variables = useMemo(() => ({ userId: props.userId }), [props.userId]);
  // A loading status of its own rather than suspending: see ConversationBody.
  const ready = useQueryInStore(directQuery, variables, props.onEarlyData);
  if (!ready) return <InlineLoading />;
  return <ResolvedDirectConversation {...props} variables={variables} />;
}

function ResolvedDirectConversation({
  userId,
  viewerId,
  onThread,
  onEarlyData,
  variables,
}: DirectConversationProps & { variables: Query['variables'] }): ReactNode {
  const intl = useIntl();
  const fetchOptions = useResyncFetchOptions(useLiveSync());
  const data = useLazyLoadQuery<Query>(directQuery, variables, fetchOptions);
  const [created, setCreated] = useState<string | null>(null);
  const direct = data.direct_thread;
  const name = direct.recipient?.name ?? '';
  const restriction: DirectThreadRestriction | null | undefined = direct.restriction;
  const threadId = restriction == null ? (direct.thread?.thread_id ?? created) : null;
  useEffect(() => {
    if (threadId !== null) onThread?.(threadId);
  }, [onThread, threadId]);

  if (restriction != null) {
    const descriptor =
      restriction in restrictionMessage
        ? restrictionMessage[restriction as keyof typeof restrictionMessage]
        : conversationMessages.directNotFound;
    return (
      <p role="status" className="thread-view-empty">
        {intl.formatMessage(descriptor, { name: isolateIn(intl, name) })}
      </p>
    );
  }
  if (threadId !== null) {
    return (
      <ConversationBody
        key={threadId}
        threadId={threadId}
        viewerId={viewerId}
        {...(onEarlyData === undefined ? {} : { onEarlyData })}
      />
    );
  }
  return (
    <>
      <header className="conversation-header">
        <div className="conversation-heading">
          <h2 id="conversation-title" className="conversation-title" dir="auto">
            {name}
          </h2>
          <ActiveNow personId={userId} />
        </div>
      </header>
      <div className="conversation-history">
        <p className="history-empty">
          {intl.formatMessage(conversationMessages.directStart, { name: isolateIn(intl, name) })}
        </p>
      </div>
      <FirstMessageComposer recipientId={userId} onSent={setCreated} />
    </>
  );
}
