import type { ReactNode } from 'react';
import type { ThreadTag } from '@messenger/core';
import { useIntl } from 'react-intl';
import { messengerMessages } from './messages';

/**
 * The thread list of the full-page messenger (inbox, `/filtered`,
 * `/requests`). The conversations work fills it; this is its landmark.
 */
export function ThreadList({ folder }: { folder: ThreadTag }): ReactNode {
  const intl = useIntl();
  return (
    <nav className="thread-list" aria-labelledby="thread-list-heading" data-folder={folder}>
      <h1 id="thread-list-heading" className="region-heading">
        {intl.formatMessage(messengerMessages.chatsHeading)}
      </h1>
    </nav>
  );
}
