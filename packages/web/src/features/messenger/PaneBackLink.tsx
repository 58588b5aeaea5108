import type { ThreadTag } from '@messenger/core';
import { ChevronLeft } from 'lucide-react';
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
      <ChevronLeft
        className="pane-back-arrow icon-directional"
        size={20}
        aria-hidden="true"
        focusable="false"
      />
      <span>{label}</span>
    </Link>
  );
}
