import { defineMessages } from '@messenger/core';

/** The conversation menu (issue 33, item 8); no seed wording, so Messenger's. */
export const conversationMenuMessages = defineMessages({
  options: { id: 'web.conversationMenu.options', defaultMessage: 'Options for {title}' },
  mute1h: { id: 'web.conversationMenu.mute1h', defaultMessage: 'Mute for 1 hour' },
  mute8h: { id: 'web.conversationMenu.mute8h', defaultMessage: 'Mute for 8 hours' },
  mute24h: { id: 'web.conversationMenu.mute24h', defaultMessage: 'Mute for 24 hours' },
  muteForever: {
    id: 'web.conversationMenu.muteForever',
    defaultMessage: 'Mute until I turn it back on',
  },
  unmute: { id: 'web.conversationMenu.unmute', defaultMessage: 'Unmute' },
  archive: { id: 'web.conversationMenu.archive', defaultMessage: 'Archive chat' },
  unarchive: { id: 'web.conversationMenu.unarchive', defaultMessage: 'Unarchive chat' },
  markUnread: { id: 'web.conversationMenu.markUnread', defaultMessage: 'Mark as unread' },
  markRead: { id: 'web.conversationMenu.markRead', defaultMessage: 'Mark as read' },
  delete: { id: 'web.conversationMenu.delete', defaultMessage: 'Delete chat' },
  leave: { id: 'web.conversationMenu.leave', defaultMessage: 'Leave group' },
  deleteTitle: { id: 'web.conversationMenu.deleteTitle', defaultMessage: 'Delete chat?' },
  deleteBody: {
    id: 'web.conversationMenu.deleteBody',
    defaultMessage:
      'The chat and its history will be deleted for you. The others in it keep their copy.',
  },
  leaveTitle: { id: 'web.conversationMenu.leaveTitle', defaultMessage: 'Leave group?' },
  leaveBody: {
    id: 'web.conversationMenu.leaveBody',
    defaultMessage:
      'You will stop getting messages from this conversation and the others will see that you left.',
  },
  cancel: { id: 'web.conversationMenu.cancel', defaultMessage: 'Cancel' },
  failed: {
    id: 'web.conversationMenu.failed',
    defaultMessage: 'That did not work. Please try again.',
  },
  muted: { id: 'web.conversationMenu.muted', defaultMessage: 'Muted' },
});
