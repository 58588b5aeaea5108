import type { MessageDescriptor } from '@messenger/core';

/** Wording of replies: the menu item, the composer's bar and a reply's quote. */
export const replyMessages = {
  reply: { id: 'web.replies.reply', defaultMessage: 'Reply' },
  replyingTo: { id: 'web.replies.replyingTo', defaultMessage: 'Replying to {name}' },
  cancelReply: { id: 'web.replies.cancelReply', defaultMessage: 'Cancel reply' },
  photo: { id: 'web.replies.photo', defaultMessage: 'Photo' },
  unavailable: {
    id: 'web.replies.unavailable',
    defaultMessage: 'Original message unavailable',
  },
  quoteOf: {
    id: 'web.replies.quoteOf',
    defaultMessage: 'Replied to {name}: {text}. Go to the original message',
  },
  repliedTo: { id: 'web.replies.repliedTo', defaultMessage: '{name}' },
} as const satisfies Record<string, MessageDescriptor>;
