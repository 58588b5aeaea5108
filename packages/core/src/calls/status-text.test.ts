import { describe, expect, it } from 'vitest';
import { formatDefaultMessage } from '../i18n';
import { callPickerMessages, callStatusMessages } from './messages';
import { pickerNotes, statusText } from './status-text';
import { IDLE_CALL, reduceCall } from './call-reducer';
import { peer, run } from './call-test-fixtures';

const text = (value: Parameters<typeof statusText>[0]) => formatDefaultMessage(statusText(value));

describe('call status messages', () => {
  it('holds the seed 8 catalogue and the seed 4 statuses, word for word', () => {
    const all = Object.values(callStatusMessages).map((d) => d.defaultMessage);
    expect(all).toEqual([
      'Call Failed',
      "Can't Connect Call",
      'Connection Dropped',
      'Connection Lost',
      'Client Encryption Error',
      'Too many clients connected to the room',
      'Participant Limit Reached',
      'No Answer',
      'Unreachable',
      'In Another Call',
      'Switch to Wi-Fi to complete your call',
      'Unknown',
      'Busy',
      'Call Ended',
      'Connecting',
      'Ringing',
      'Reconnecting',
      'In Call',
    ]);
    const ids = Object.values(callStatusMessages).map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('statusText', () => {
  it.each([
    ['rejected', 'No Answer'],
    ['no_answer', 'No Answer'],
    ['busy', 'Busy'],
    ['hung_up', 'Call Ended'],
    ['disconnected', 'Call Ended'],
    ['failed', 'Call Failed'],
    ['cannot_connect', "Can't Connect Call"],
    ['connection_dropped', 'Connection Dropped'],
    ['connection_lost', 'Connection Lost'],
    ['encryption_error', 'Client Encryption Error'],
    ['too_many_clients', 'Too many clients connected to the room'],
    ['participant_limit_reached', 'Participant Limit Reached'],
    ['unreachable', 'Unreachable'],
    ['in_another_call', 'In Another Call'],
    ['wifi_required', 'Switch to Wi-Fi to complete your call'],
    ['contacting', 'Connecting'],
    ['connecting', 'Connecting'],
    ['ringing', 'Ringing'],
    ['outgoing_ringing', 'Ringing'],
    ['incoming_ringing', 'Ringing'],
    ['reconnecting', 'Reconnecting'],
    ['connected', 'In Call'],
    ['ended', 'Call Ended'],
  ])('%s → %s', (key, expected) => {
    expect(text(key)).toBe(expected);
  });

  it.each(['', 'idle', 'Ringing', 'toString', '__proto__', 'constructor'])(
    'shows Unknown for the unknown state %j',
    (key) => {
      expect(text(key)).toBe('Unknown');
    },
  );

  it('reads a call state: its status while live, its end reason once ended', () => {
    expect(text(IDLE_CALL)).toBe('Unknown');
    const ringing = reduceCall(IDLE_CALL, {
      type: 'place_call',
      callId: 'c',
      kind: 'voice',
      peers: [peer('a')],
      at: 0,
    }).state;
    expect(text(ringing)).toBe('Ringing');
    const ended = run(ringing, [{ type: 'remote_rejected', participantId: 'a', at: 1 }]).state;
    expect(text(ended)).toBe('No Answer');
  });
});

describe('pickerNotes', () => {
  const notes = (isThreadRow: boolean, isGroup: boolean, hasBlockedRecipients: boolean) =>
    pickerNotes({ isThreadRow, isGroup, hasBlockedRecipients }).map((d) => d.defaultMessage);

  it('shows both notes, in the seed order, on a group thread row with blocked people', () => {
    expect(notes(true, true, true)).toEqual([
      'People you add to this group video will see previous messages in this conversation.',
      "You are about to ring people you've blocked.",
    ]);
  });

  it('shows the history note only for a group and the blocked note only when someone is blocked', () => {
    expect(notes(true, true, false)).toEqual([
      callPickerMessages.previousMessagesVisible.defaultMessage,
    ]);
    expect(notes(true, false, true)).toEqual([
      callPickerMessages.ringingBlockedPeople.defaultMessage,
    ]);
    expect(notes(true, false, false)).toEqual([]);
  });

  it('shows no notes on a row that is not a thread row', () => {
    expect(notes(false, true, true)).toEqual([]);
  });
});
