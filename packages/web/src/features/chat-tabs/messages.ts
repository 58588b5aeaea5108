import { defineMessages } from '@messenger/core';

export const chatTabsMessages = defineMessages({
  label: { id: 'web.chatTabs.label', defaultMessage: 'Open chats' },
  close: { id: 'web.chatTabs.close', defaultMessage: 'Close {title}' },
});
