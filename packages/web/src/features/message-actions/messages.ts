import { defineMessages } from '@messenger/core';

/** Wording of a message's actions menu and its reactions. */
export const messageActionsMessages = defineMessages({
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
  edit: { id: 'web.messageActions.edit', defaultMessage: 'Edit' },
  removeForYou: { id: 'web.messageActions.removeForYou', defaultMessage: 'Remove for you' },
  unsend: { id: 'web.messageActions.unsend', defaultMessage: 'Unsend' },
  editTitle: { id: 'web.messageActions.editTitle', defaultMessage: 'Edit message' },
  save: { id: 'web.messageActions.save', defaultMessage: 'Save' },
  cancel: { id: 'web.messageActions.cancel', defaultMessage: 'Cancel' },
  unsendTitle: { id: 'web.messageActions.unsendTitle', defaultMessage: 'Unsend for everyone?' },
  unsendBody: {
    id: 'web.messageActions.unsendBody',
    defaultMessage: 'This message will be removed for everyone in the conversation.',
  },
  tooOldToEdit: {
    id: 'web.messageActions.tooOldToEdit',
    defaultMessage: 'This message is too old to edit.',
  },
  tooOldToUnsend: {
    id: 'web.messageActions.tooOldToUnsend',
    defaultMessage: 'This message is too old to unsend.',
  },
  changeFailed: {
    id: 'web.messageActions.changeFailed',
    defaultMessage: "The change couldn't be saved. Try again.",
  },
  edited: { id: 'web.messageActions.edited', defaultMessage: 'Edited' },
});
