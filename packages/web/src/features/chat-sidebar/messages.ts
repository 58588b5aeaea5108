import { defineMessages } from '@messenger/core';

export const chatSidebarMessages = defineMessages({
  label: { id: 'web.chatSidebar.label', defaultMessage: 'Contacts' },
  friends: { id: 'web.chatSidebar.friends', defaultMessage: 'Friends' },
  noFriends: { id: 'web.chatSidebar.noFriends', defaultMessage: 'No friends to chat with yet.' },
  deactivated: { id: 'web.chatSidebar.deactivated', defaultMessage: 'Deactivated' },
  birthday: { id: 'web.chatSidebar.birthday', defaultMessage: 'Birthday today' },
  groups: { id: 'web.chatSidebar.groups', defaultMessage: 'Groups' },
  pages: { id: 'web.chatSidebar.pages', defaultMessage: 'Pages' },
  adminedPages: { id: 'web.chatSidebar.adminedPages', defaultMessage: 'Your Pages' },
  pageUnread: {
    id: 'web.chatSidebar.pageUnread',
    defaultMessage: '{count, plural, one {# unread conversation} other {# unread conversations}}',
  },
  loadFailed: {
    id: 'web.chatSidebar.loadFailed',
    defaultMessage: "Contacts couldn't be loaded.",
  },
});
