import type { MessageDescriptor } from '@messenger/core';

export const chatSidebarMessages = {
  label: { id: 'web.chatSidebar.label', defaultMessage: 'Contacts' },
} as const satisfies Record<string, MessageDescriptor>;
