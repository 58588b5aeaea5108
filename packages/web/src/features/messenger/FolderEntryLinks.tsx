import { folderPermalink, type ThreadTag } from '@messenger/core';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { MESSENGER_PREFIX } from '../../router/routes';
import { folderHeadingOf } from './folder-heading';
import { messengerMessages } from './messages';

export interface FolderCounts {
  requests: number;
  filtered: number;
}

/**
 * The folder entries themselves, with their counts once known. Without counts
 * (`null`) it is the placeholder shown while Relay and the counts load: the
 * same links in the same box, so the thread rows under it do not move when
 * the counts arrive (issue 34, no layout shift).
 */
export function FolderEntryLinks({
  folder,
  counts,
}: {
  folder: ThreadTag;
  counts: FolderCounts | null;
}): ReactNode {
  const intl = useIntl();
  const entries: { tag: ThreadTag; count: number | null }[] = [
    { tag: 'INBOX', count: null },
    { tag: 'PENDING', count: counts?.requests ?? null },
    { tag: 'OTHER', count: counts?.filtered ?? null },
    { tag: 'ARCHIVED', count: null },
  ];
  return (
    <ul className="folder-entries" aria-label={intl.formatMessage(messengerMessages.folders)}>
      {entries.map(({ tag, count }) => (
        <li key={tag}>
          <Link
            className="folder-entry"
            href={folderPermalink({ prefix: MESSENGER_PREFIX, tag })}
            {...(tag === folder ? { 'aria-current': 'page' as const } : {})}
          >
            <span>{intl.formatMessage(folderHeadingOf(tag))}</span>
            {count === null || count === 0 ? null : (
              <span className="folder-entry-count">{count}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
