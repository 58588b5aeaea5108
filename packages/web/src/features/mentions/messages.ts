import { defineMessages } from '@messenger/core';

/** Wording of mentions: the composer's listbox and what a message says of them. */
export const mentionMessages = defineMessages({
  people: { id: 'web.mentions.people', defaultMessage: 'People to mention' },
  mentionsYou: { id: 'web.mentions.mentionsYou', defaultMessage: 'Mentions you.' },
  mentionsBadge: {
    id: 'web.mentions.badge',
    defaultMessage: '{count, plural, one {# mention} other {# mentions}}',
  },
});
