import type { MessageDescriptor } from '../i18n';
import type { CallState } from './call-types';
import type { ParticipantState } from './participant-state';
import { callPickerMessages, callStatusMessages as m } from './messages';
import { isInCall } from './participant-state';

/**
 * Status keys: participant states, call statuses, end reasons and 'busy'.
 * A key shared by several of them (e.g. 'connected') means the same thing in each.
 */
const STATUS_TEXT: ReadonlyMap<string, MessageDescriptor> = new Map<string, MessageDescriptor>([
  // Participant states (seed 4). A participant who left shows the call as ended.
  ['disconnected', m.callEnded],
  ['no_answer', m.noAnswer],
  ['rejected', m.noAnswer],
  ['unreachable', m.unreachable],
  ['connection_dropped', m.connectionDropped],
  ['contacting', m.connecting],
  ['ringing', m.ringing],
  ['connecting', m.connecting],
  ['connected', m.inCall],
  ['participant_limit_reached', m.participantLimitReached],
  ['in_another_call', m.inAnotherCall],
  ['busy', m.busy],
  // Call statuses.
  ['outgoing_ringing', m.ringing],
  ['incoming_ringing', m.ringing],
  ['reconnecting', m.reconnecting],
  ['ended', m.callEnded],
  // End reasons (seed 8).
  ['hung_up', m.callEnded],
  ['failed', m.callFailed],
  ['cannot_connect', m.cantConnectCall],
  ['connection_lost', m.connectionLost],
  ['encryption_error', m.clientEncryptionError],
  ['too_many_clients', m.tooManyClients],
  ['wifi_required', m.switchToWifi],
]);

/**
 * The status string for a participant state, call status, end reason or call
 * state; 'Unknown' (seed 8) for anything else, including an idle call.
 */
export function statusText(stateOrString: string | CallState): MessageDescriptor {
  const key =
    typeof stateOrString === 'string'
      ? stateOrString
      : stateOrString.status === 'ended'
        ? stateOrString.reason
        : stateOrString.status;
  return STATUS_TEXT.get(key) ?? m.unknown;
}

export interface PickerRow {
  clickable: boolean;
  /** null when there is nothing to say (the person has not been called). */
  statusText: MessageDescriptor | null;
}

/** A group call picker row: in-call rows show 'In Call' and cannot be clicked (seed 2, 4). */
export function pickerRow(participant: { state: ParticipantState }): PickerRow {
  if (isInCall(participant.state)) return { clickable: false, statusText: m.inCall };
  if (participant.state === 'disconnected') return { clickable: true, statusText: null };
  return { clickable: true, statusText: statusText(participant.state) };
}

export interface PickerNoteContext {
  isThreadRow: boolean;
  isGroup: boolean;
  hasBlockedRecipients: boolean;
}

/**
 * Notes under a thread row of the group call picker (seed 2). The history note only
 * makes sense for a group conversation; the blocked note only when someone rung is blocked.
 */
export function pickerNotes(context: PickerNoteContext): MessageDescriptor[] {
  if (!context.isThreadRow) return [];
  const notes: MessageDescriptor[] = [];
  if (context.isGroup) notes.push(callPickerMessages.previousMessagesVisible);
  if (context.hasBlockedRecipients) notes.push(callPickerMessages.ringingBlockedPeople);
  return notes;
}
