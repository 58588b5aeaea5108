import { defineMessages } from '@messenger/core';

/** The omnipicker (new message) of the full-page messenger; the seed gives no wording. */
export const omnipickerMessages = defineMessages({
  newMessage: { id: 'web.omnipicker.newMessage', defaultMessage: 'New message' },
  sameGroupExists: {
    id: 'web.omnipicker.sameGroupExists',
    defaultMessage: 'You already have a group with these people.',
  },
  sendInSameGroup: { id: 'web.omnipicker.sendInSameGroup', defaultMessage: 'Send in that group' },
  createNewGroup: { id: 'web.omnipicker.createNewGroup', defaultMessage: 'Create a new group' },
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
  purposeTitle: { id: 'web.omnipicker.purposeTitle', defaultMessage: 'What is this group for?' },
  purposeLabel: { id: 'web.omnipicker.purposeLabel', defaultMessage: 'Purpose' },
  purposeProject: { id: 'web.omnipicker.purposeProject', defaultMessage: 'A project' },
  purposeTeam: { id: 'web.omnipicker.purposeTeam', defaultMessage: 'A team' },
  purposeEvent: { id: 'web.omnipicker.purposeEvent', defaultMessage: 'An event' },
  purposeSocial: { id: 'web.omnipicker.purposeSocial', defaultMessage: 'Socializing' },
  purposeOther: { id: 'web.omnipicker.purposeOther', defaultMessage: 'Something else' },
  purposeSave: { id: 'web.omnipicker.purposeSave', defaultMessage: 'Save and create group' },
  purposeSaving: { id: 'web.omnipicker.purposeSaving', defaultMessage: 'Saving…' },
  purposeBack: { id: 'web.omnipicker.purposeBack', defaultMessage: 'Back' },
  purposeNeeded: {
    id: 'web.omnipicker.purposeNeeded',
    defaultMessage: 'Choose what this group is for.',
  },
  purposeNameRefused: {
    id: 'web.omnipicker.purposeNameRefused',
    defaultMessage: 'This group name can have at most {max} characters.',
  },
  purposeFailed: {
    id: 'web.omnipicker.purposeFailed',
    defaultMessage: "The group's purpose couldn't be saved: {reason}",
  },
  purposeOffline: {
    id: 'web.omnipicker.purposeOffline',
    defaultMessage: "The group's purpose couldn't be saved. Check your connection and try again.",
  },
});
