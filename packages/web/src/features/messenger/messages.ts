import { defineMessages } from '@messenger/core';

/** The full-page messenger under the product path prefix. */
export const messengerMessages = defineMessages({
  chatsHeading: { id: 'web.messenger.chatsHeading', defaultMessage: 'Chats' },
  filteredHeading: { id: 'web.messenger.filteredHeading', defaultMessage: 'Filtered' },
  archivedHeading: { id: 'web.messenger.archivedHeading', defaultMessage: 'Archived' },
  folders: { id: 'web.messenger.folders', defaultMessage: 'Folders' },
  threadViewLabel: { id: 'web.messenger.threadView', defaultMessage: 'Conversation' },
  noThreadSelected: {
    id: 'web.messenger.noThreadSelected',
    defaultMessage: 'Select a conversation to start messaging.',
  },
  badPermalink: {
    id: 'web.messenger.badPermalink',
    defaultMessage: "This conversation link isn't valid.",
  },
  threadNotFoundTitle: {
    id: 'web.messenger.threadNotFound.title',
    defaultMessage: 'Conversation not found',
  },
  threadNotFoundBody: {
    id: 'web.messenger.threadNotFound.body',
    defaultMessage: "This conversation doesn't exist, or you're not in it.",
  },
  backToChats: { id: 'web.messenger.backToChats', defaultMessage: 'Back to Chats' },
  backToFolder: { id: 'web.messenger.backToFolder', defaultMessage: 'Back to {folder}' },
});
