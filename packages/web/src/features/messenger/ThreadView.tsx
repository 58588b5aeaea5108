import type { ReactNode } from 'react';
import type { Permalink } from '@messenger/core';
import { useIntl } from 'react-intl';
import { messengerMessages } from './messages';

/**
 * The open conversation of the full-page messenger, chosen by the permalink
 * (`/thread/{id}` or `/t/{userId}`, with an optional folder segment). The
 * conversations work fills it; this is its landmark.
 */
export function ThreadView({ permalink }: { permalink: Permalink | null }): ReactNode {
  const intl = useIntl();
  let body: ReactNode;
  if (permalink === null) {
    body = <p role="status">{intl.formatMessage(messengerMessages.badPermalink)}</p>;
  } else if (permalink.kind === 'folder') {
    body = <p>{intl.formatMessage(messengerMessages.noThreadSelected)}</p>;
  } else {
    body = null;
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
