import { defineMessages } from '@messenger/core';

export const conversationMessages = defineMessages({
  history: { id: 'web.conversation.history', defaultMessage: 'Messages' },
  loadingOlder: { id: 'web.conversation.loadingOlder', defaultMessage: 'Loading older messages…' },
  noMessages: { id: 'web.conversation.noMessages', defaultMessage: 'No messages yet.' },
  sent: { id: 'web.conversation.sent', defaultMessage: 'Sent' },
  // The header's link into the omnipicker (the id keeps the omnipicker's name: catalogues unchanged).
  newGroupWith: { id: 'web.omnipicker.newGroupWith', defaultMessage: 'New group with {name}' },
  delivered: { id: 'web.conversation.delivered', defaultMessage: 'Delivered' },
  seen: { id: 'web.conversation.seen', defaultMessage: 'Seen' },
  emoji: { id: 'web.conversation.emoji', defaultMessage: 'Emoji' },
  insertEmoji: { id: 'web.conversation.insertEmoji', defaultMessage: 'Insert {emoji}' },
  insert: { id: 'web.conversation.insert', defaultMessage: 'Insert' },
  sendFailed: {
    id: 'web.conversation.sendFailed',
    defaultMessage: "Your message couldn't be sent. Try again.",
  },
  settings: { id: 'web.conversation.settings', defaultMessage: 'Conversation settings' },
  close: { id: 'web.conversation.close', defaultMessage: 'Close' },
  participants: {
    id: 'web.conversation.participants',
    defaultMessage: 'People in this conversation',
  },
  groupName: { id: 'web.conversation.groupName', defaultMessage: 'Group name' },
  groupNameHelp: {
    id: 'web.conversation.groupNameHelp',
    defaultMessage: 'Leave it empty to name the group after its people.',
  },
  saveGroupName: { id: 'web.conversation.saveGroupName', defaultMessage: 'Rename group' },
  people: { id: 'web.conversation.people', defaultMessage: 'People' },
  nicknameFor: { id: 'web.conversation.nicknameFor', defaultMessage: 'Nickname for {name}' },
  saveNickname: { id: 'web.conversation.saveNickname', defaultMessage: 'Save nickname for {name}' },
  clearNickname: {
    id: 'web.conversation.clearNickname',
    defaultMessage: 'Clear nickname for {name}',
  },
  removePerson: { id: 'web.conversation.removePerson', defaultMessage: 'Remove {name}' },
  addPeople: { id: 'web.conversation.addPeople', defaultMessage: 'Add people' },
  addPerson: { id: 'web.conversation.addPerson', defaultMessage: 'Add' },
  noOneToAdd: { id: 'web.conversation.noOneToAdd', defaultMessage: 'No friends to add.' },
  loadingFriends: { id: 'web.conversation.loadingFriends', defaultMessage: 'Loading friends…' },
  changeFailed: {
    id: 'web.conversation.changeFailed',
    defaultMessage: "The change couldn't be saved: {reason}",
  },
  changeSaved: { id: 'web.conversation.changeSaved', defaultMessage: 'Saved.' },
  youSuffix: { id: 'web.conversation.youSuffix', defaultMessage: '{name} (you)' },
  directSelf: {
    id: 'web.conversation.directSelf',
    defaultMessage: 'This link points to you. Choose someone else to write to.',
  },
  directNotFound: {
    id: 'web.conversation.directNotFound',
    defaultMessage: 'There is no one with this id to write to.',
  },
  directMemorialized: {
    id: 'web.conversation.directMemorialized',
    defaultMessage: "{name}'s account is memorialized; it can't receive messages.",
  },
  directBlocked: {
    id: 'web.conversation.directBlocked',
    defaultMessage: "You can't message {name}.",
  },
  directBlocking: {
    id: 'web.conversation.directBlocking',
    defaultMessage: 'You blocked {name}; unblock them to write.',
  },
  directStart: {
    id: 'web.conversation.directStart',
    defaultMessage: 'Write the first message to {name}.',
  },
});
