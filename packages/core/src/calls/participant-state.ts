/** Per-participant call states of seed section 4, in the seed's order. */
export const PARTICIPANT_STATES = [
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
] as const;

export type ParticipantState = (typeof PARTICIPANT_STATES)[number];

/** seed 3 "Call participant". */
export interface CallParticipant {
  FBID: string;
  userName: string;
  vanity: string;
  profilePictureUrl: string;
  isMessengerUser: boolean;
  isPartiesUser: boolean;
}

const IN_CALL: ReadonlySet<ParticipantState> = new Set([
  'contacting',
  'ringing',
  'connecting',
  'connected',
]);

const STATE_SET: ReadonlySet<string> = new Set(PARTICIPANT_STATES);

export function isParticipantState(value: string): value is ParticipantState {
  return STATE_SET.has(value);
}

/**
 * seed 4: contacting, ringing, connecting and connected count as "in the call":
 * the picker row shows 'In Call' and cannot be clicked.
 */
export function isInCall(state: ParticipantState): boolean {
  return IN_CALL.has(state);
}
