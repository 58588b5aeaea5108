import type { ThreadTag } from '@messenger/core';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { folderHeadingOf } from './folder-heading';
import { messengerMessages } from './messages';

/**
 * The way back from an open conversation (or a compose or search view) to its
 * list. Only a phone shows it (messenger.css): there the list and the
 * conversation are two screens; on a wider window both are in view.
 */
export function PaneBackLink({ href, folder }: { href: string; folder: ThreadTag }): ReactNode {
  const intl = useIntl();
  const label = intl.formatMessage(messengerMessages.backToFolder, {
    folder: intl.formatMessage(folderHeadingOf(folder)),
  });
  return (
    <Link className="pane-back" href={href}>
      <svg
        className="pane-back-arrow icon-directional"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
      >
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.25" />
      </svg>
      <span>{label}</span>
    </Link>
  );
}
