import type { MessageDescriptor, ThreadTag } from '@messenger/core';
import { requestsMessages } from '../requests/messages';
import { messengerMessages } from './messages';

/** What a folder's list is headed by, and its entry called: Chats, Message requests, Filtered. */
export function folderHeadingOf(tag: ThreadTag): MessageDescriptor {
  switch (tag) {
    case 'PENDING':
      return requestsMessages.label;
    case 'OTHER':
      return messengerMessages.filteredHeading;
    case 'ARCHIVED':
      return messengerMessages.archivedHeading;
    default:
      return messengerMessages.chatsHeading;
  }
}
