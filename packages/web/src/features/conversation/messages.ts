import type { MessageDescriptor } from '@messenger/core';

export const conversationMessages = {
  history: { id: 'web.conversation.history', defaultMessage: 'Messages' },
  loadingOlder: { id: 'web.conversation.loadingOlder', defaultMessage: 'Loading older messages…' },
  noMessages: { id: 'web.conversation.noMessages', defaultMessage: 'No messages yet.' },
  you: { id: 'web.conversation.you', defaultMessage: 'You' },
  sent: { id: 'web.conversation.sent', defaultMessage: 'Sent' },
  delivered: { id: 'web.conversation.delivered', defaultMessage: 'Delivered' },
  seen: { id: 'web.conversation.seen', defaultMessage: 'Seen' },
  composerLabel: { id: 'web.conversation.composerLabel', defaultMessage: 'Message' },
  composerPlaceholder: {
    id: 'web.conversation.composerPlaceholder',
    defaultMessage: 'Type a message...',
  },
  send: { id: 'web.conversation.send', defaultMessage: 'Send' },
  sendFailed: {
    id: 'web.conversation.sendFailed',
    defaultMessage: "Your message couldn't be sent. Try again.",
  },
  tooLong: {
    id: 'web.conversation.tooLong',
    defaultMessage: 'A message can have at most {max} characters.',
  },
} as const satisfies Record<string, MessageDescriptor>;
