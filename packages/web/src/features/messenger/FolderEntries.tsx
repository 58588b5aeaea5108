import type { ThreadTag } from '@messenger/core';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useLiveSync } from '../sync/live-sync';
import type { FolderEntriesQuery } from './__generated__/FolderEntriesQuery.graphql';
import { FolderEntryLinks } from './FolderEntryLinks';

/** Deltas come in bursts (a message is several): one refetch for a burst. */
const REFETCH_AFTER_MS = 250;

/**
 * The ways between the folders of the full-page messenger: Chats, Message
 * requests and Filtered, the last two with how many threads wait there. The
 * counts stay live: any delta on the session's socket (a request arriving, one
 * accepted or ignored, a thread filtered) refetches them.
 */
export function FolderEntries({ folder }: { folder: ThreadTag }): ReactNode {
  const live = useLiveSync();
  const [fetchKey, setFetchKey] = useState(0);
  useEffect(() => {
    let timer: number | null = null;
    const stop = live.connection.onDelta(() => {
      if (timer !== null) return;
      timer = window.setTimeout(() => {
        timer = null;
        startTransition(() => {
          setFetchKey((key) => key + 1);
        });
      }, REFETCH_AFTER_MS);
    });
    return () => {
      stop();
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [live]);
  const data = useLazyLoadQuery<FolderEntriesQuery>(
    graphql`
      query FolderEntriesQuery {
        viewer {
          folder_counts {
            requests
            filtered
          }
        }
      }
    `,
    {},
    { fetchKey, fetchPolicy: fetchKey === 0 ? 'store-or-network' : 'network-only' },
  );
  return <FolderEntryLinks folder={folder} counts={data.viewer.folder_counts} />;
}
