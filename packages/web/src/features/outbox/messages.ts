import { defineMessages } from '@messenger/core';

/** What an unsent message's row in the thread says (the seed words none of it). */
export const outboxMessages = defineMessages({
  sending: { id: 'web.outbox.sending', defaultMessage: 'Sending…' },
  waiting: { id: 'web.outbox.waiting', defaultMessage: 'Waiting for connection' },
  failed: { id: 'web.outbox.failed', defaultMessage: 'Not sent' },
  retry: { id: 'web.outbox.retry', defaultMessage: 'Try again' },
  discard: { id: 'web.outbox.discard', defaultMessage: 'Discard' },
});
