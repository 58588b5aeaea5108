import { defineMessages } from '@messenger/core';

/** Wording of replies: the menu item, the composer's bar and a reply's quote. */
export const replyMessages = defineMessages({
  reply: { id: 'web.replies.reply', defaultMessage: 'Reply' },
  replyingTo: { id: 'web.replies.replyingTo', defaultMessage: 'Replying to {name}' },
  cancelReply: { id: 'web.replies.cancelReply', defaultMessage: 'Cancel reply' },
  photo: { id: 'web.replies.photo', defaultMessage: 'Photo' },
  unavailable: {
    id: 'web.replies.unavailable',
    defaultMessage: 'Original message unavailable',
  },
  repliedTo: { id: 'web.replies.repliedTo', defaultMessage: 'Replied to' },
});
