import { defineMessages } from '@messenger/core';

/** The web's own call strings; statuses and picker notes are core's (seed 2, 4, 8). */
export const callsMessages = defineMessages({
  voiceCall: { id: 'web.calls.voiceCall', defaultMessage: 'Voice call' },
  videoCall: { id: 'web.calls.videoCall', defaultMessage: 'Video call' },
  joinCall: { id: 'web.calls.joinCall', defaultMessage: 'Join call' },
  incomingCall: { id: 'web.calls.incomingCall', defaultMessage: 'Incoming call' },
  isCalling: { id: 'web.calls.isCalling', defaultMessage: '{name} is calling you' },
  answer: { id: 'web.calls.answer', defaultMessage: 'Answer' },
  decline: { id: 'web.calls.decline', defaultMessage: 'Decline' },
  hangUp: { id: 'web.calls.hangUp', defaultMessage: 'Hang up' },
  mute: { id: 'web.calls.mute', defaultMessage: 'Mute' },
  cameraOff: { id: 'web.calls.cameraOff', defaultMessage: 'Camera off' },
  micOff: { id: 'web.calls.micOff', defaultMessage: '{name}: microphone off' },
  close: { id: 'web.calls.close', defaultMessage: 'Close' },
  callWindow: { id: 'web.calls.callWindow', defaultMessage: 'Call' },
  minimize: { id: 'web.calls.minimize', defaultMessage: 'Minimize' },
  you: { id: 'web.calls.you', defaultMessage: 'You' },
  addPeople: { id: 'web.calls.addPeople', defaultMessage: 'Add people' },
  pickerTitle: { id: 'web.calls.pickerTitle', defaultMessage: 'Group call' },
  pickerPeople: { id: 'web.calls.pickerPeople', defaultMessage: 'People to ring' },
  cancel: { id: 'web.calls.cancel', defaultMessage: 'Cancel' },
});
