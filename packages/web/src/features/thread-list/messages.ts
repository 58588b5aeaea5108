import type { MessageDescriptor } from '@messenger/core';

export const threadListMessages = {
  threadsLabel: { id: 'web.threadList.threads', defaultMessage: 'Conversations' },
  empty: { id: 'web.threadList.empty', defaultMessage: 'No conversations yet.' },
  unread: {
    id: 'web.threadList.unread',
    defaultMessage: '{count, plural, one {# unread message} other {# unread messages}}',
  },
  ownPreview: { id: 'web.threadList.ownPreview', defaultMessage: 'You: {text}' },
} as const satisfies Record<string, MessageDescriptor>;
