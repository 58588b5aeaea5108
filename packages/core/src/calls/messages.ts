import type { MessageDescriptor } from '../i18n';

const descriptor = (id: string, defaultMessage: string): MessageDescriptor => ({
  id,
  defaultMessage,
});

/** Call status strings: seed section 8 catalogue plus section 4's statuses. */
export const callStatusMessages = {
  callFailed: descriptor('calls.status.callFailed', 'Call Failed'),
  cantConnectCall: descriptor('calls.status.cantConnectCall', "Can't Connect Call"),
  connectionDropped: descriptor('calls.status.connectionDropped', 'Connection Dropped'),
  connectionLost: descriptor('calls.status.connectionLost', 'Connection Lost'),
  clientEncryptionError: descriptor(
    'calls.status.clientEncryptionError',
    'Client Encryption Error',
  ),
  tooManyClients: descriptor(
    'calls.status.tooManyClients',
    'Too many clients connected to the room',
  ),
  participantLimitReached: descriptor(
    'calls.status.participantLimitReached',
    'Participant Limit Reached',
  ),
  noAnswer: descriptor('calls.status.noAnswer', 'No Answer'),
  unreachable: descriptor('calls.status.unreachable', 'Unreachable'),
  inAnotherCall: descriptor('calls.status.inAnotherCall', 'In Another Call'),
  switchToWifi: descriptor('calls.status.switchToWifi', 'Switch to Wi-Fi to complete your call'),
  unknown: descriptor('calls.status.unknown', 'Unknown'),
  busy: descriptor('calls.status.busy', 'Busy'),
  callEnded: descriptor('calls.status.callEnded', 'Call Ended'),
  connecting: descriptor('calls.status.connecting', 'Connecting'),
  ringing: descriptor('calls.status.ringing', 'Ringing'),
  reconnecting: descriptor('calls.status.reconnecting', 'Reconnecting'),
  inCall: descriptor('calls.status.inCall', 'In Call'),
} as const satisfies Record<string, MessageDescriptor>;

/** Notes under a thread row of the group call picker (seed section 2). */
export const callPickerMessages = {
  previousMessagesVisible: descriptor(
    'calls.picker.previousMessagesVisible',
    'People you add to this group video will see previous messages in this conversation.',
  ),
  ringingBlockedPeople: descriptor(
    'calls.picker.ringingBlockedPeople',
    "You are about to ring people you've blocked.",
  ),
} as const satisfies Record<string, MessageDescriptor>;

/** The call summary line shown in the thread once a call has ended. */
export const callSummaryMessages = {
  voiceCall: descriptor('calls.summary.voiceCall', 'Voice call'),
  videoCall: descriptor('calls.summary.videoCall', 'Video call'),
  missedVoiceCall: descriptor('calls.summary.missedVoiceCall', 'Missed voice call'),
  missedVideoCall: descriptor('calls.summary.missedVideoCall', 'Missed video call'),
  /** Joins the label and the duration: 'Video call · 3 min'. */
  withDuration: descriptor('calls.summary.withDuration', '{label} · {duration}'),
  seconds: descriptor('calls.summary.seconds', '{seconds} sec'),
  minutes: descriptor('calls.summary.minutes', '{minutes} min'),
  hours: descriptor('calls.summary.hours', '{hours} hr'),
  hoursMinutes: descriptor('calls.summary.hoursMinutes', '{hours} hr {minutes} min'),
} as const satisfies Record<string, MessageDescriptor>;
