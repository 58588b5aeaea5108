import type { MessageDescriptor } from '@messenger/core';

export const chatTabsMessages = {
  label: { id: 'web.chatTabs.label', defaultMessage: 'Open chats' },
  close: { id: 'web.chatTabs.close', defaultMessage: 'Close {title}' },
} as const satisfies Record<string, MessageDescriptor>;
