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
  // A row's preview of an unsent message or a reaction (the conversation's rows say the first two too).
  reactedPreview: {
    id: 'web.messageActions.reactedPreview',
    defaultMessage: '{name} reacted {emoji} to your message',
  },
  youUnsent: { id: 'web.messageActions.youUnsent', defaultMessage: 'You unsent a message' },
  theyUnsent: { id: 'web.messageActions.theyUnsent', defaultMessage: '{name} unsent a message' },
});
