import { describe, expect, it } from 'vitest';
import { formatDefaultMessage } from '../i18n';
import { PARTICIPANT_STATES, isInCall, isParticipantState } from './participant-state';
import { pickerRow } from './status-text';

describe('participant states', () => {
  it('lists the eleven states of seed 4', () => {
    expect(PARTICIPANT_STATES).toEqual([
      'disconnected',
      'no_answer',
      'rejected',
      'unreachable',
      'connection_dropped',
      'contacting',
      'ringing',
      'connecting',
      'connected',
      'participant_limit_reached',
      'in_another_call',
    ]);
    expect(isParticipantState('ringing')).toBe(true);
    expect(isParticipantState('busy')).toBe(false);
  });

  it('counts exactly contacting, ringing, connecting and connected as in the call', () => {
    const inCall = PARTICIPANT_STATES.filter(isInCall);
    expect(inCall).toEqual(['contacting', 'ringing', 'connecting', 'connected']);
  });
});

describe('pickerRow', () => {
  const text = (state: (typeof PARTICIPANT_STATES)[number]) => {
    const row = pickerRow({ state });
    return {
      clickable: row.clickable,
      text: row.statusText === null ? null : formatDefaultMessage(row.statusText),
    };
  };

  it.each(['contacting', 'ringing', 'connecting', 'connected'] as const)(
    '%s shows In Call and is not clickable',
    (state) => {
      expect(text(state)).toEqual({ clickable: false, text: 'In Call' });
    },
  );

  it('shows a rejected person as no answer, and they can be rung again', () => {
    expect(text('rejected')).toEqual({ clickable: true, text: 'No Answer' });
    expect(text('no_answer')).toEqual({ clickable: true, text: 'No Answer' });
  });

  it('shows the outcome for other states and nothing for someone not called', () => {
    expect(text('disconnected')).toEqual({ clickable: true, text: null });
    expect(text('unreachable')).toEqual({ clickable: true, text: 'Unreachable' });
    expect(text('connection_dropped')).toEqual({ clickable: true, text: 'Connection Dropped' });
    expect(text('participant_limit_reached')).toEqual({
      clickable: true,
      text: 'Participant Limit Reached',
    });
    expect(text('in_another_call')).toEqual({ clickable: true, text: 'In Another Call' });
  });
});
