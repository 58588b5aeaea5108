import type { MessageDescriptor } from '@messenger/core';

/** Wording of a message's actions menu and its reactions. */
export const messageActionsMessages = {
  actionsFor: {
    id: 'web.messageActions.actionsFor',
    defaultMessage: 'Actions for message from {sender}',
  },
  actionsHint: {
    id: 'web.messageActions.actionsHint',
    defaultMessage: 'Press Enter for message actions.',
  },
  react: { id: 'web.messageActions.react', defaultMessage: 'React' },
  forward: { id: 'web.messageActions.forward', defaultMessage: 'Forward' },
  copyText: { id: 'web.messageActions.copyText', defaultMessage: 'Copy text' },
  copied: { id: 'web.messageActions.copied', defaultMessage: 'Copied.' },
  reactionsFor: { id: 'web.messageActions.reactionsFor', defaultMessage: 'Reactions' },
  reactWith: { id: 'web.messageActions.reactWith', defaultMessage: 'React with {emoji}' },
  removeReaction: {
    id: 'web.messageActions.removeReaction',
    defaultMessage: 'Remove your reaction {emoji}',
  },
  moreEmoji: { id: 'web.messageActions.moreEmoji', defaultMessage: 'More emoji' },
  anyEmoji: { id: 'web.messageActions.anyEmoji', defaultMessage: 'Any emoji' },
  useEmoji: { id: 'web.messageActions.useEmoji', defaultMessage: 'React' },
  notAnEmoji: { id: 'web.messageActions.notAnEmoji', defaultMessage: 'Type or paste one emoji.' },
  tally: {
    id: 'web.messageActions.tally',
    defaultMessage: '{emoji} {count, number}: {names}',
  },
  reactionFailed: {
    id: 'web.messageActions.reactionFailed',
    defaultMessage: "The reaction couldn't be saved.",
  },
  reactedPreview: {
    id: 'web.messageActions.reactedPreview',
    defaultMessage: '{name} reacted {emoji} to your message',
  },
} as const satisfies Record<string, MessageDescriptor>;
