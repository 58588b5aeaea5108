import type { CallEndReason, CallParticipantEntry, CallParticipants, CallPeer } from './call-types';
import type { ParticipantState } from './participant-state';
import { isInCall } from './participant-state';

/** Ringing that has not been answered yet: these are what the ring timer waits for. */
export function isPending(state: ParticipantState): boolean {
  return state === 'contacting' || state === 'ringing';
}

function count(participants: CallParticipants, test: (state: ParticipantState) => boolean): number {
  return Object.values(participants).filter((entry) => test(entry.state)).length;
}

export const countInCall = (participants: CallParticipants): number =>
  count(participants, isInCall);

export const countPending = (participants: CallParticipants): number =>
  count(participants, isPending);

export function getParticipant(
  participants: CallParticipants,
  id: string,
): CallParticipantEntry | undefined {
  return Object.hasOwn(participants, id) ? participants[id] : undefined;
}

export function withState(
  participants: CallParticipants,
  id: string,
  state: ParticipantState,
): CallParticipants {
  const entry = getParticipant(participants, id);
  return entry === undefined ? participants : { ...participants, [id]: { ...entry, state } };
}

/** Moves every participant whose state passes `test` to `to`. */
export function mapStates(
  participants: CallParticipants,
  test: (state: ParticipantState) => boolean,
  to: ParticipantState,
): CallParticipants {
  const next: Record<string, CallParticipantEntry> = {};
  for (const [id, entry] of Object.entries(participants)) {
    next[id] = test(entry.state) ? { ...entry, state: to } : entry;
  }
  return next;
}

/** The local user always occupies one place in the call. */
export function hasRoom(participants: CallParticipants, maxParticipants: number): boolean {
  return 1 + countInCall(participants) < maxParticipants;
}

/**
 * Adds peers in order with `state`; a peer who would take the call over the limit
 * gets participant_limit_reached instead. Peers already in the call are left alone.
 * Returns the ids that were given `state`.
 */
export function addPeers(
  participants: CallParticipants,
  peers: readonly CallPeer[],
  state: ParticipantState,
  maxParticipants: number,
): { participants: CallParticipants; added: string[] } {
  let next = participants;
  const added: string[] = [];
  for (const peer of peers) {
    const existing = getParticipant(next, peer.id);
    if (existing !== undefined && isInCall(existing.state)) continue;
    const admitted = hasRoom(next, maxParticipants);
    next = {
      ...next,
      [peer.id]: {
        id: peer.id,
        profile: peer.profile,
        state: admitted ? state : 'participant_limit_reached',
      },
    };
    if (admitted) added.push(peer.id);
  }
  return { participants: next, added };
}

/** How a call ends when its last remote participant drops out with `state`. */
export function endReasonFor(state: ParticipantState): CallEndReason {
  switch (state) {
    case 'rejected':
    case 'no_answer':
      return 'no_answer';
    case 'unreachable':
    case 'in_another_call':
    case 'connection_dropped':
    case 'participant_limit_reached':
      return state;
    default:
      return 'hung_up';
  }
}
