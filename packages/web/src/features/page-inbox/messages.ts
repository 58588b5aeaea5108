import { defineMessages } from '@messenger/core';

/** A page's inbox in the messenger, for the page's admins. */
export const pageInboxMessages = defineMessages({
  heading: { id: 'web.pageInbox.heading', defaultMessage: 'Page inbox' },
  threadsLabel: {
    id: 'web.pageInbox.threadsLabel',
    defaultMessage: '{page} conversations',
  },
  empty: { id: 'web.pageInbox.empty', defaultMessage: 'No one has written to this page yet.' },
  backToOwn: { id: 'web.pageInbox.backToOwn', defaultMessage: 'Your chats' },
  answeringAs: { id: 'web.pageInbox.answeringAs', defaultMessage: 'Answering as {page}' },
});
