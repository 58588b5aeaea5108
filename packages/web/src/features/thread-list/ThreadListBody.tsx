import { relativeAgeRefreshMs } from '@messenger/core';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { GridList } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { useLiveSync, useResyncFetchOptions, useStartSync } from '../sync/live-sync';
import { SyncStatus } from '../sync/SyncStatus';
import { useNow } from '../time/use-now';
import { viewerTimeZone } from '../time/viewer-zone';
import type { ThreadListBodyPaginationQuery } from './__generated__/ThreadListBodyPaginationQuery.graphql';
import type { ThreadListBodyQuery as Query } from './__generated__/ThreadListBodyQuery.graphql';
import type { ThreadListBody_query$key } from './__generated__/ThreadListBody_query.graphql';
import { LoadMoreThreads } from './LoadMoreThreads';
import { threadListMessages } from './messages';
import { ThreadRow } from './ThreadRow';
import { byLastActivity, unreadThreadCount, type ListFolder } from './thread-rows';
import '../messenger/messenger.css';

/** Threads per page (MESSAGING_LIMITS.threadListPage). */
export const THREAD_PAGE = 50;

export interface ThreadListBodyProps {
  viewerId: string;
  folder: ListFolder;
  currentThreadId: string | null;
  onUnreadChange: (count: number) => void;
}

/**
 * The threads of a folder, most recent activity first, each a link to its
 * permalink with its title, last message and unread badge. Reads
 * `viewer.sync_seq` with the data and starts the sync socket from it.
 */
export function ThreadListBody({
  viewerId,
  folder,
  currentThreadId,
  onUnreadChange,
}: ThreadListBodyProps): ReactNode {
  const intl = useIntl();
  const live = useLiveSync();
  const fetchOptions = useResyncFetchOptions(live);
  const data = useLazyLoadQuery<Query>(
    graphql`
      query ThreadListBodyQuery($folder: ThreadFolder!) {
        viewer {
          id
          sync_seq
        }
        ...ThreadListBody_query @arguments(folder: $folder)
      }
    `,
    { folder },
    fetchOptions,
  );
  const {
    data: list,
    hasNext,
    isLoadingNext,
    loadNext,
  } = usePaginationFragment<ThreadListBodyPaginationQuery, ThreadListBody_query$key>(
    graphql`
      fragment ThreadListBody_query on Query
      @refetchable(queryName: "ThreadListBodyPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        folder: { type: "ThreadFolder!" }
      ) {
        viewer {
          message_threads(first: $count, after: $cursor, folder: $folder)
            @connection(key: "ThreadList_message_threads", filters: ["folder"]) {
            edges {
              node {
                ...threadRowFields_thread @relay(mask: false)
              }
            }
          }
        }
      }
    `,
    data,
  );

  useStartSync(live, data.viewer.sync_seq);

  const threads = useMemo(
    () =>
      byLastActivity(
        list.viewer.message_threads.edges
          .map((edge) => edge.node)
          .filter((node) => node.folder === folder),
      ),
    [list, folder],
  );
  const unread = unreadThreadCount(threads);
  useEffect(() => {
    onUnreadChange(unread);
  }, [onUnreadChange, unread]);

  // Ages move on their own: the newest row's next change sets the beat ("4m" → "5m").
  const newest = threads[0]?.last_activity_time ?? 0;
  const nextRefresh = useCallback((now: number) => relativeAgeRefreshMs(newest, now), [newest]);
  const now = useNow(nextRefresh);
  const timeZone = viewerTimeZone();

  return (
    <>
      <SyncStatus live={live} />
      <GridList
        aria-label={intl.formatMessage(threadListMessages.threadsLabel)}
        className="thread-rows"
        items={threads}
        // React Aria keeps rendered rows until an item or a dependency changes.
        dependencies={[currentThreadId, viewerId, folder, now]}
        renderEmptyState={() => <p>{intl.formatMessage(threadListMessages.empty)}</p>}
      >
        {(thread) => (
          <ThreadRow
            thread={thread}
            viewerId={viewerId}
            folder={folder}
            currentThreadId={currentThreadId}
            now={now}
            timeZone={timeZone}
          />
        )}
      </GridList>
      {hasNext ? (
        <LoadMoreThreads
          isLoading={isLoadingNext}
          onLoadMore={() => {
            if (!isLoadingNext) loadNext(THREAD_PAGE);
          }}
        />
      ) : null}
    </>
  );
}
