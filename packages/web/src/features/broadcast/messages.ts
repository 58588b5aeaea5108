import { defineMessages } from '@messenger/core';

/** Broadcast and share (seed 2 names the surfaces, not their wording). */
export const broadcastMessages = defineMessages({
  broadcast: { id: 'web.broadcast.broadcast', defaultMessage: 'Broadcast' },
  broadcastIntro: {
    id: 'web.broadcast.broadcastIntro',
    defaultMessage:
      'Send one message to several people. Each gets it in their own conversation with you.',
  },
  send: { id: 'web.broadcast.send', defaultMessage: 'Send to each' },
  sending: { id: 'web.broadcast.sending', defaultMessage: 'Sending…' },
  needRecipient: {
    id: 'web.broadcast.needRecipient',
    defaultMessage: 'Add at least one person to send to.',
  },
  failed: {
    id: 'web.broadcast.failed',
    defaultMessage: "It couldn't be sent. Try again.",
  },
  refusedRecipient: {
    id: 'web.broadcast.refusedRecipient',
    defaultMessage:
      "It couldn't be sent: {name} can't receive messages from you. Nothing was sent.",
  },
  sentTo: {
    id: 'web.broadcast.sentTo',
    defaultMessage: 'Sent to {count, plural, one {# person} other {# people}}.',
  },
  sentList: { id: 'web.broadcast.sentList', defaultMessage: 'Sent' },
  openConversation: {
    id: 'web.broadcast.openConversation',
    defaultMessage: 'Conversation with {name}',
  },
  shareTitle: { id: 'web.broadcast.shareTitle', defaultMessage: 'Share this message' },
  sharedText: { id: 'web.broadcast.sharedText', defaultMessage: 'Message to share' },
  shareSend: { id: 'web.broadcast.shareSend', defaultMessage: 'Share' },
  close: { id: 'web.broadcast.close', defaultMessage: 'Close' },
});
