import { defineMessages } from '@messenger/core';

/** The typing indicator under a conversation's history. */
export const typingMessages = defineMessages({
  one: { id: 'web.typing.one', defaultMessage: '{name} is typing…' },
  several: { id: 'web.typing.several', defaultMessage: '{names} are typing…' },
});
