import { useEffect, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { usePublishUnreadCount } from '../../ui/document-title';
import { useLiveSync, useResyncFetchOptions, useStartSync } from '../sync/live-sync';
import { unreadThreadCount } from '../thread-list/thread-rows';
import type { HostUnreadCountQuery as Query } from './__generated__/HostUnreadCountQuery.graphql';

/**
 * The inbox's unread conversations for the host page's title. It reads the
 * thread list's own connection (same key, same page), so the sync reducers
 * that keep the messenger's list live keep this count live too; it also holds
 * the participants' names the beeper shows.
 */
export function HostUnreadCount(): ReactNode {
  const live = useLiveSync();
  const fetchOptions = useResyncFetchOptions(live);
  const data = useLazyLoadQuery<Query>(
    graphql`
      query HostUnreadCountQuery {
        viewer {
          id
          sync_seq
          message_threads(first: 20, folder: INBOX)
            @connection(key: "ThreadList_message_threads", filters: ["folder"]) {
            edges {
              node {
                id
                thread_id
                folder
                unread_count
                muted_until
                participants_to_render {
                  ...personFields_participant @relay(mask: false)
                }
              }
            }
          }
        }
      }
    `,
    {},
    fetchOptions,
  );
  useStartSync(live, data.viewer.sync_seq);
  const unread = unreadThreadCount(
    data.viewer.message_threads.edges
      .map((edge) => edge.node)
      .filter((node) => node.folder === 'INBOX'),
  );
  const publishUnreadCount = usePublishUnreadCount();
  useEffect(() => {
    publishUnreadCount(unread);
  }, [publishUnreadCount, unread]);
  useEffect(
    () => () => {
      publishUnreadCount(0);
    },
    [publishUnreadCount],
  );
  return null;
}
