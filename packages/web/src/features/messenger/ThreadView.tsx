import type { ReactNode } from 'react';
import type { Permalink } from '@messenger/core';
import { useIntl } from 'react-intl';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { LazyConversationBody } from './lazy-bodies';
import { messengerMessages } from './messages';
import { RegionErrorBoundary } from './RegionErrorBoundary';

/**
 * The open conversation of the full-page messenger, chosen by the permalink
 * (`/thread/{id}`, with an optional folder segment).
 */
export function ThreadView({
  permalink,
  viewerId,
}: {
  permalink: Permalink | null;
  viewerId: string;
}): ReactNode {
  const intl = useIntl();
  let body: ReactNode;
  if (permalink === null) {
    body = <p role="status">{intl.formatMessage(messengerMessages.badPermalink)}</p>;
  } else if (permalink.kind === 'folder') {
    body = (
      <p className="thread-view-empty">{intl.formatMessage(messengerMessages.noThreadSelected)}</p>
    );
  } else if (permalink.kind === 'user') {
    body = (
      <p className="thread-view-empty">
        {intl.formatMessage(messengerMessages.userPermalinkUnsupported)}
      </p>
    );
  } else {
    body = (
      <RegionErrorBoundary resetKey={permalink.threadId}>
        <RelayRegion fallback={<InlineLoading />}>
          <LazyConversationBody
            key={permalink.threadId}
            threadId={permalink.threadId}
            viewerId={viewerId}
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
