import { defineMessages } from '../i18n';

/** Call status strings: seed section 8 catalogue plus section 4's statuses. */
export const callStatusMessages = defineMessages({
  callFailed: { id: 'calls.status.callFailed', defaultMessage: 'Call Failed' },
  cantConnectCall: { id: 'calls.status.cantConnectCall', defaultMessage: "Can't Connect Call" },
  connectionDropped: { id: 'calls.status.connectionDropped', defaultMessage: 'Connection Dropped' },
  connectionLost: { id: 'calls.status.connectionLost', defaultMessage: 'Connection Lost' },
  clientEncryptionError: {
    id: 'calls.status.clientEncryptionError',
    defaultMessage: 'Client Encryption Error',
  },
  tooManyClients: {
    id: 'calls.status.tooManyClients',
    defaultMessage: 'Too many clients connected to the room',
  },
  participantLimitReached: {
    id: 'calls.status.participantLimitReached',
    defaultMessage: 'Participant Limit Reached',
  },
  noAnswer: { id: 'calls.status.noAnswer', defaultMessage: 'No Answer' },
  unreachable: { id: 'calls.status.unreachable', defaultMessage: 'Unreachable' },
  inAnotherCall: { id: 'calls.status.inAnotherCall', defaultMessage: 'In Another Call' },
  switchToWifi: {
    id: 'calls.status.switchToWifi',
    defaultMessage: 'Switch to Wi-Fi to complete your call',
  },
  unknown: { id: 'calls.status.unknown', defaultMessage: 'Unknown' },
  busy: { id: 'calls.status.busy', defaultMessage: 'Busy' },
  callEnded: { id: 'calls.status.callEnded', defaultMessage: 'Call Ended' },
  connecting: { id: 'calls.status.connecting', defaultMessage: 'Connecting' },
  ringing: { id: 'calls.status.ringing', defaultMessage: 'Ringing' },
  reconnecting: { id: 'calls.status.reconnecting', defaultMessage: 'Reconnecting' },
  inCall: { id: 'calls.status.inCall', defaultMessage: 'In Call' },
});

/** Notes under a thread row of the group call picker (seed section 2). */
export const callPickerMessages = defineMessages({
  previousMessagesVisible: {
    id: 'calls.picker.previousMessagesVisible',
    defaultMessage:
      'People you add to this group video will see previous messages in this conversation.',
  },
  ringingBlockedPeople: {
    id: 'calls.picker.ringingBlockedPeople',
    defaultMessage: "You are about to ring people you've blocked.",
  },
});

/** The call summary line shown in the thread once a call has ended. */
export const callSummaryMessages = defineMessages({
  voiceCall: { id: 'calls.summary.voiceCall', defaultMessage: 'Voice call' },
  videoCall: { id: 'calls.summary.videoCall', defaultMessage: 'Video call' },
  missedVoiceCall: { id: 'calls.summary.missedVoiceCall', defaultMessage: 'Missed voice call' },
  missedVideoCall: { id: 'calls.summary.missedVideoCall', defaultMessage: 'Missed video call' },
  /** Joins the label and the duration: 'Video call · 3 min'. */
  withDuration: { id: 'calls.summary.withDuration', defaultMessage: '{label} · {duration}' },
  seconds: { id: 'calls.summary.seconds', defaultMessage: '{seconds} sec' },
  minutes: { id: 'calls.summary.minutes', defaultMessage: '{minutes} min' },
  hours: { id: 'calls.summary.hours', defaultMessage: '{hours} hr' },
  hoursMinutes: { id: 'calls.summary.hoursMinutes', defaultMessage: '{hours} hr {minutes} min' },
});
