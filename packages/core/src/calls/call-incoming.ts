import type { CallEvent, CallState } from './call-types';
import type { CallStep, ResolvedCallConfig } from './call-step';
import { countInCall, getParticipant, mapStates, withState } from './call-participants';
import { changedMedia, endCall, withParticipants } from './call-step';
import { isInCall } from './participant-state';

type IncomingState = Extract<CallState, { status: 'incoming_ringing' }>;

const CANCEL_RING = { type: 'cancel_ring_timer' } as const;

/** The local user is being rung; media has not started yet. */
export function reduceIncoming(
  state: IncomingState,
  event: CallEvent,
  config: ResolvedCallConfig,
): CallStep {
  switch (event.type) {
    case 'answer': {
      if (1 + countInCall(state.participants) > config.maxParticipants) {
        return {
          state: endCall(state, 'participant_limit_reached', event.at),
          commands: [CANCEL_RING, { type: 'send_reject' }],
        };
      }
      // Media to everyone already in the call still has to be set up.
      const participants = mapStates(state.participants, (s) => s === 'connected', 'connecting');
      return {
        state: { ...state, status: 'connecting', participants },
        commands: [
          CANCEL_RING,
          { type: 'start_media', kind: state.kind, media: state.media },
          { type: 'send_answer' },
        ],
      };
    }
    case 'reject':
      // seed 4: a rejected call is shown as no answer.
      return {
        state: endCall(state, 'no_answer', event.at),
        commands: [CANCEL_RING, { type: 'send_reject' }],
      };
    case 'ring_timeout':
      return { state: endCall(state, 'no_answer', event.at), commands: [] };
    case 'remote_left': {
      const entry = getParticipant(state.participants, event.participantId);
      if (entry === undefined || !isInCall(entry.state)) return null;
      const gone = event.dropped === true ? 'connection_dropped' : 'disconnected';
      const next = withParticipants(state, withState(state.participants, entry.id, gone));
      // Everyone hung up before we answered: a missed call.
      return countInCall(next.participants) === 0
        ? { state: endCall(next, 'no_answer', event.at), commands: [CANCEL_RING] }
        : { state: next, commands: [] };
    }
    case 'remote_joined': {
      const entry = getParticipant(state.participants, event.participantId);
      if (entry !== undefined && isInCall(entry.state)) return null;
      const profile = event.profile ?? entry?.profile;
      if (profile === undefined) return null;
      const participants = {
        ...state.participants,
        [event.participantId]: { id: event.participantId, profile, state: 'connected' as const },
      };
      return { state: { ...state, participants }, commands: [] };
    }
    case 'call_failed':
      return { state: endCall(state, event.reason, event.at), commands: [CANCEL_RING] };
    case 'set_media': {
      // Chosen before answering; start_media carries it once the user answers.
      const media = changedMedia(state.media, event);
      return media === null ? null : { state: { ...state, media }, commands: [] };
    }
    default:
      return null;
  }
}
