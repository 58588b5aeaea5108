import { defineMessages } from '@messenger/core';

/*
 * The message field's words, shared by the conversation's composer, the
 * omnipicker's new message and broadcast's send-to-people. The ids keep the
 * conversation's names, so the catalogues are unchanged.
 */
export const composerFieldMessages = defineMessages({
  composerLabel: { id: 'web.conversation.composerLabel', defaultMessage: 'Message' },
  composerPlaceholder: {
    id: 'web.conversation.composerPlaceholder',
    defaultMessage: 'Type a message...',
  },
  send: { id: 'web.conversation.send', defaultMessage: 'Send' },
  tooLong: {
    id: 'web.conversation.tooLong',
    defaultMessage: 'A message can have at most {max} characters.',
  },
});
