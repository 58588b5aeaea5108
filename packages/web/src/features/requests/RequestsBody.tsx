import { threadPermalink } from '@messenger/core';
import { useMemo, useState, type ReactNode } from 'react';
import { Button, GridList, GridListItem } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { ConnectionHandler, type RecordSourceProxy } from 'relay-runtime';
import { MESSENGER_PREFIX } from '../../router/routes';
import { useLiveSync, useResyncFetchOptions, useStartSync } from '../sync/live-sync';
import { viewerRecord } from '../sync/records';
import { SyncStatus } from '../sync/SyncStatus';
import { THREAD_LIST_CONNECTION } from '../thread-list/sync-reducer';
import { byLastActivity, titleOf } from '../thread-list/thread-rows';
import type { RequestsBodyAcceptMutation } from './__generated__/RequestsBodyAcceptMutation.graphql';
import type { RequestsBodyIgnoreMutation } from './__generated__/RequestsBodyIgnoreMutation.graphql';
import type { RequestsBodyQuery as Query } from './__generated__/RequestsBodyQuery.graphql';
import { requestsMessages } from './messages';
import '../messenger/messenger.css';
import './requests.css';
import { isolateIn } from '../../i18n/isolate';

const ROW_TITLE_MAX = 40;

export interface RequestsBodyProps {
  viewerId: string;
  currentThreadId: string | null;
}

/** Takes a thread out of the viewer's PENDING list (it was accepted or ignored). */
export function removeFromRequests(
  store: RecordSourceProxy,
  viewerId: string,
  threadId: string,
): void {
  const viewer = viewerRecord(store, viewerId);
  if (viewer === null) return;
  const connection = ConnectionHandler.getConnection(viewer, THREAD_LIST_CONNECTION, {
    folder: 'PENDING',
  });
  if (connection) ConnectionHandler.deleteNode(connection, threadId);
}

/**
 * The message requests (the PENDING folder), each with Accept (the thread
 * moves to the inbox) and Ignore (it leaves every list; the sender is not told).
 */
export function RequestsBody({ viewerId, currentThreadId }: RequestsBodyProps): ReactNode {
  const intl = useIntl();
  const live = useLiveSync();
  const fetchOptions = useResyncFetchOptions(live);
  const [failed, setFailed] = useState(false);
  const data = useLazyLoadQuery<Query>(
    graphql`
      query RequestsBodyQuery {
        viewer {
          id
          sync_seq
          message_threads(first: 20, folder: PENDING)
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
    {},
    fetchOptions,
  );
  useStartSync(live, data.viewer.sync_seq);

  const [accept] = useMutation<RequestsBodyAcceptMutation>(graphql`
    mutation RequestsBodyAcceptMutation($threadId: ID!) {
      accept_message_request(thread_id: $threadId) {
        thread_id
        folder
      }
    }
  `);
  const [ignore] = useMutation<RequestsBodyIgnoreMutation>(graphql`
    mutation RequestsBodyIgnoreMutation($threadId: ID!) {
      ignore_message_request(thread_id: $threadId)
    }
  `);

  const answer = (kind: 'accept' | 'ignore', threadId: string): void => {
    setFailed(false);
    const config = {
      variables: { threadId },
      onCompleted: (_: unknown, errors: readonly unknown[] | null) => {
        if (errors !== null && errors.length > 0) setFailed(true);
      },
      onError: () => {
        setFailed(true);
      },
      updater: (store: RecordSourceProxy) => {
        if (kind === 'accept') store.get(threadId)?.setValue('INBOX', 'folder');
        removeFromRequests(store, data.viewer.id, threadId);
      },
    };
    if (kind === 'accept') accept(config);
    else ignore(config);
  };

  const threads = useMemo(
    () =>
      byLastActivity(
        data.viewer.message_threads.edges
          .map((edge) => edge.node)
          .filter((node) => node.folder === 'PENDING'),
      ),
    [data],
  );

  return (
    <>
      <SyncStatus live={live} />
      {failed ? (
        <p role="alert" className="composer-error">
          {intl.formatMessage(requestsMessages.failed)}
        </p>
      ) : null}
      <GridList
        aria-label={intl.formatMessage(requestsMessages.label)}
        className="thread-rows"
        items={threads}
        renderEmptyState={() => <p>{intl.formatMessage(requestsMessages.empty)}</p>}
      >
        {(thread) => {
          const title = titleOf(thread, viewerId, ROW_TITLE_MAX);
          const preview = thread.messages.edges[0]?.node.text ?? '';
          return (
            <GridListItem
              id={thread.thread_id}
              textValue={title}
              href={threadPermalink({
                prefix: MESSENGER_PREFIX,
                tag: 'PENDING',
                threadId: thread.thread_id,
              })}
              className="thread-row request-row"
              data-current={thread.thread_id === currentThreadId || undefined}
            >
              <span className="thread-row-title" dir="auto">
                {title}
              </span>
              <span className="thread-row-preview" dir="auto">
                {preview}
              </span>
              <span className="request-actions">
                <Button
                  className="button button-primary"
                  aria-label={intl.formatMessage(requestsMessages.acceptNamed, {
                    title: isolateIn(intl, title),
                  })}
                  onPress={() => {
                    answer('accept', thread.thread_id);
                  }}
                >
                  {intl.formatMessage(requestsMessages.accept)}
                </Button>
                <Button
                  className="button"
                  aria-label={intl.formatMessage(requestsMessages.ignoreNamed, {
                    title: isolateIn(intl, title),
                  })}
                  onPress={() => {
                    answer('ignore', thread.thread_id);
                  }}
                >
                  {intl.formatMessage(requestsMessages.ignore)}
                </Button>
              </span>
            </GridListItem>
          );
        }}
      </GridList>
    </>
  );
}
