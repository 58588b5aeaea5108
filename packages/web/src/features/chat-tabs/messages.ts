import type { MessageDescriptor } from '@messenger/core';

export const chatTabsMessages = {
  label: { id: 'web.chatTabs.label', defaultMessage: 'Open chats' },
} as const satisfies Record<string, MessageDescriptor>;
