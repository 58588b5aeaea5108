import type { MessageDescriptor } from '@messenger/core';

/** The omnipicker (new message) of the full-page messenger; the seed gives no wording. */
export const omnipickerMessages = {
  newMessage: { id: 'web.omnipicker.newMessage', defaultMessage: 'New message' },
  recipients: { id: 'web.omnipicker.recipients', defaultMessage: 'To' },
  recipientsList: { id: 'web.omnipicker.recipientsList', defaultMessage: 'Recipients' },
  removeRecipient: { id: 'web.omnipicker.removeRecipient', defaultMessage: 'Remove' },
  noResults: { id: 'web.omnipicker.noResults', defaultMessage: 'No people found' },
  suggestionsFailed: {
    id: 'web.omnipicker.suggestionsFailed',
    defaultMessage: "People couldn't be loaded.",
  },
  refusedOriginal: {
    id: 'web.omnipicker.refusedOriginal',
    defaultMessage: '{name} is already in this conversation.',
  },
  refusedMax: {
    id: 'web.omnipicker.refusedMax',
    defaultMessage: 'You can add up to {max} people.',
  },
  groupName: { id: 'web.omnipicker.groupName', defaultMessage: 'Group name (optional)' },
  needRecipient: {
    id: 'web.omnipicker.needRecipient',
    defaultMessage: 'Add at least one person to write to.',
  },
  createFailed: {
    id: 'web.omnipicker.createFailed',
    defaultMessage: "The conversation couldn't be started. Try again.",
  },
} as const satisfies Record<string, MessageDescriptor>;
