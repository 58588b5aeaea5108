import { relativeAgeRefreshMs } from '@messenger/core';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { GridList, GridListItem } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { pageThreadPath } from '../../router/routes';
import { Face } from '../../ui/Face';
import { useLiveSync, useResyncFetchOptions, useStartSync } from '../sync/live-sync';
import { SyncStatus } from '../sync/SyncStatus';
import { LoadMoreThreads } from '../thread-list/LoadMoreThreads';
import { THREAD_PAGE } from '../thread-list/ThreadListBody';
import { ROW_TITLE_MAX, ThreadRowContent } from '../thread-list/ThreadRow';
import { byLastActivity, titleOf, unreadThreadCount } from '../thread-list/thread-rows';
import { useNow } from '../time/use-now';
import { viewerTimeZone } from '../time/viewer-zone';
import type { PageInboxBodyPaginationQuery } from './__generated__/PageInboxBodyPaginationQuery.graphql';
import type { PageInboxBodyQuery as Query } from './__generated__/PageInboxBodyQuery.graphql';
import type { PageInboxBody_query$key } from './__generated__/PageInboxBody_query.graphql';
import { pageInboxMessages } from './messages';
import '../messenger/messenger.css';
import { isolateIn } from '../../i18n/isolate';

export interface PageInboxBodyProps {
  pageId: string;
  currentThreadId: string | null;
  onUnreadChange: (count: number) => void;
}

/**
 * A page's conversations for one of its admins, most recent activity first,
 * each row as in the viewer's own list but read as the page (its unread
 * counts, titled by the people who wrote to it). New conversations arrive by
 * the sync socket's resync (a delta about a thread the store does not hold).
 */
export function PageInboxBody({
  pageId,
  currentThreadId,
  onUnreadChange,
}: PageInboxBodyProps): ReactNode {
  const intl = useIntl();
  const live = useLiveSync();
  const fetchOptions = useResyncFetchOptions(live);
  const data = useLazyLoadQuery<Query>(
    graphql`
      query PageInboxBodyQuery($pageId: ID!) {
        viewer {
          id
          sync_seq
        }
        administered_page(page_id: $pageId) {
          id
          name
          profile_picture {
            uri
          }
        }
        ...PageInboxBody_query @arguments(pageId: $pageId)
      }
    `,
    { pageId },
    fetchOptions,
  );
  const {
    data: list,
    hasNext,
    isLoadingNext,
    loadNext,
  } = usePaginationFragment<PageInboxBodyPaginationQuery, PageInboxBody_query$key>(
    graphql`
      fragment PageInboxBody_query on Query
      @refetchable(queryName: "PageInboxBodyPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        pageId: { type: "ID!" }
      ) {
        page_inbox(page_id: $pageId, first: $count, after: $cursor)
          @connection(key: "PageInbox_page_inbox", filters: ["page_id"]) {
          edges {
            node {
              viewer_participant_id
              ...threadRowFields_thread @relay(mask: false)
            }
          }
        }
      }
    `,
    data,
  );
  useStartSync(live, data.viewer.sync_seq);

  const page = data.administered_page;
  const threads = useMemo(
    () => byLastActivity(list.page_inbox.edges.map((edge) => edge.node)),
    [list],
  );
  const unread = unreadThreadCount(threads);
  useEffect(() => {
    onUnreadChange(unread);
  }, [onUnreadChange, unread]);

  const newest = threads[0]?.last_activity_time ?? 0;
  const nextRefresh = useCallback((now: number) => relativeAgeRefreshMs(newest, now), [newest]);
  const now = useNow(nextRefresh);
  const timeZone = viewerTimeZone();

  return (
    <>
      <h1 id="thread-list-heading" className="region-heading page-inbox-heading">
        <Face id={page.id} name={page.name} src={page.profile_picture?.uri ?? null} size={32} />
        <span dir="auto">{page.name}</span>
      </h1>
      <SyncStatus live={live} />
      <GridList
        aria-label={intl.formatMessage(pageInboxMessages.threadsLabel, {
          page: isolateIn(intl, page.name),
        })}
        className="thread-rows"
        items={threads}
        dependencies={[currentThreadId, pageId, now]}
        renderEmptyState={() => <p>{intl.formatMessage(pageInboxMessages.empty)}</p>}
      >
        {(thread) => {
          // Read as the page: the title names the people who wrote to it, its own messages say "You:".
          const title = titleOf(thread, pageId, ROW_TITLE_MAX);
          return (
            <GridListItem
              id={thread.thread_id}
              textValue={title}
              href={pageThreadPath(pageId, thread.thread_id)}
              className="thread-row"
              data-current={thread.thread_id === currentThreadId || undefined}
              data-unread={thread.unread_count > 0 || undefined}
            >
              <ThreadRowContent
                thread={thread}
                viewerId={pageId}
                title={title}
                now={now}
                timeZone={timeZone}
              />
            </GridListItem>
          );
        }}
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
