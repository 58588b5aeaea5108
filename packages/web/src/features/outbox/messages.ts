import { defineMessages } from '@messenger/core';

/** What an unsent message's row in the thread says (the seed words none of it). */
export const outboxMessages = defineMessages({
  // The thread's and a pending row's sender name (conversation depends on outbox).
  you: { id: 'web.conversation.you', defaultMessage: 'You' },
  sending: { id: 'web.outbox.sending', defaultMessage: 'Sending…' },
  waiting: { id: 'web.outbox.waiting', defaultMessage: 'Waiting for connection' },
  failed: { id: 'web.outbox.failed', defaultMessage: 'Not sent' },
  retry: { id: 'web.outbox.retry', defaultMessage: 'Try again' },
  discard: { id: 'web.outbox.discard', defaultMessage: 'Discard' },
});
