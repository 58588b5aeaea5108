import { useReducer, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import type { Permalink } from '@messenger/core';
import { useIntl } from 'react-intl';
import { RelayRegion } from '../../relay/RelayRegion';
import { lazyRoute } from '../../lib/bootload';
import type { DirectConversationProps } from '../conversation/DirectConversation';
import { InlineLoading } from '../../ui/InlineLoading';
import { MESSENGER_PREFIX } from '../../router/routes';
import { LazyConversationBody } from '../conversation/lazy-conversation-body';
import { messengerMessages } from './messages';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';

// Its own chunk, like the other Relay-reading bodies (lazy-bodies.ts).
const LazyDirectConversation = lazyRoute<DirectConversationProps>(() =>
  import('../conversation/DirectConversation').then((module) => ({
    default: module.DirectConversation,
  })),
);

/**
 * The open conversation of the full-page messenger, chosen by the permalink
 * (`/thread/{id}`, or `/t/{userId}` for the one-to-one thread with someone,
 * each with an optional folder segment).
 */
export function ThreadView({
  permalink,
  viewerId,
  onDirectThread,
  highlightMessageId = null,
}: {
  permalink: Permalink | null;
  viewerId: string;
  /** A message search result's message, scrolled to and highlighted. */
  highlightMessageId?: string | null;
  /** The thread a `/t/{userId}` permalink resolved to. */
  onDirectThread?: (threadId: string) => void;
}): ReactNode {
  const intl = useIntl();
  // Renders the open thread again when its data arrives while React still holds
  // back showing it (relay/use-query-in-store.ts): an ordinary update is not held.
  const [, onEarlyData] = useReducer((n: number) => n + 1, 0);
  let body: ReactNode;
  if (permalink === null) {
    body = <p role="status">{intl.formatMessage(messengerMessages.badPermalink)}</p>;
  } else if (permalink.kind === 'folder') {
    body = (
      <p className="thread-view-empty">{intl.formatMessage(messengerMessages.noThreadSelected)}</p>
    );
  } else if (permalink.kind === 'user') {
    body = (
      <RegionErrorBoundary resetKey={`t:${permalink.userId}`}>
        <RelayRegion fallback={<InlineLoading />}>
          <LazyDirectConversation
            key={permalink.userId}
            userId={permalink.userId}
            viewerId={viewerId}
            onEarlyData={onEarlyData}
            {...(onDirectThread === undefined ? {} : { onThread: onDirectThread })}
          />
        </RelayRegion>
      </RegionErrorBoundary>
    );
  } else {
    body = (
      <RegionErrorBoundary resetKey={permalink.threadId} refused={<ThreadNotFound />}>
        <RelayRegion fallback={<InlineLoading />}>
          <LazyConversationBody
            key={permalink.threadId}
            threadId={permalink.threadId}
            viewerId={viewerId}
            onEarlyData={onEarlyData}
            highlightMessageId={highlightMessageId}
          />
        </RelayRegion>
      </RegionErrorBoundary>
    );
  }
  return (
    <main
      id="main-content"
      className="thread-view"
      aria-label={intl.formatMessage(messengerMessages.threadViewLabel)}
      tabIndex={-1}
      data-permalink-kind={permalink?.kind ?? 'invalid'}
    >
      {body}
    </main>
  );
}

/**
 * An unknown thread id, or one the viewer is not in (the server answers both
 * alike, so nobody learns which threads exist): said plainly in the app's
 * frame, with the way back to the conversation list.
 */
function ThreadNotFound(): ReactNode {
  const intl = useIntl();
  const title = intl.formatMessage(messengerMessages.threadNotFoundTitle);
  return (
    <section className="thread-view-empty thread-not-found" aria-labelledby="thread-not-found">
      <h2 id="thread-not-found">{title}</h2>
      <p>{intl.formatMessage(messengerMessages.threadNotFoundBody)}</p>
      <Link className="button" href={MESSENGER_PREFIX}>
        {intl.formatMessage(messengerMessages.backToChats)}
      </Link>
    </section>
  );
}
