import { defineMessages } from '@messenger/core';

export const threadListMessages = defineMessages({
  threadsLabel: { id: 'web.threadList.threads', defaultMessage: 'Conversations' },
  empty: { id: 'web.threadList.empty', defaultMessage: 'No conversations yet.' },
  unread: {
    id: 'web.threadList.unread',
    defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}',
  },
  ownPreview: { id: 'web.threadList.ownPreview', defaultMessage: 'You: {text}' },
  loadMore: { id: 'web.threadList.loadMore', defaultMessage: 'Load more conversations' },
  loadingMore: { id: 'web.threadList.loadingMore', defaultMessage: 'Loading more conversations…' },
});
