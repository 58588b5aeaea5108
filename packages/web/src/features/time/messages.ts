import { defineMessages } from '@messenger/core';

/** Wording of times: day separators and the thread list's ages. */
export const timeMessages = defineMessages({
  today: { id: 'web.time.today', defaultMessage: 'Today' },
  yesterday: { id: 'web.time.yesterday', defaultMessage: 'Yesterday' },
  now: { id: 'web.time.now', defaultMessage: 'now' },
  sentAt: { id: 'web.time.sentAt', defaultMessage: 'Sent {time}' },
});
