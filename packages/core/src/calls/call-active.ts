import type {
  CallCommand,
  CallEvent,
  CallParticipants,
  CallState,
  IceConnectionState,
} from './call-types';
import type { CallStep, ResolvedCallConfig } from './call-step';
import type { ParticipantState } from './participant-state';
import {
  addPeers,
  countInCall,
  endReasonFor,
  getParticipant,
  hasRoom,
  isPending,
  mapStates,
  withState,
} from './call-participants';
import { STOP_AND_HANG_UP, changedMedia, endCall, withParticipants } from './call-step';
import { isInCall } from './participant-state';

/** Local media is running in each of these. */
type ActiveState = Extract<
  CallState,
  { status: 'outgoing_ringing' | 'connecting' | 'connected' | 'reconnecting' }
>;

/** After a remote drops out: the call ends for all once no remote is left in it. */
function settle(
  state: ActiveState,
  participants: CallParticipants,
  at: number,
  outcome: ParticipantState,
): CallStep {
  const next = withParticipants(state, participants);
  if (countInCall(participants) > 0) return { state: next, commands: [] };
  return { state: endCall(next, endReasonFor(outcome), at), commands: [...STOP_AND_HANG_UP] };
}

const REMOTE_OUTCOME = {
  remote_rejected: 'rejected',
  remote_unreachable: 'unreachable',
  remote_in_another_call: 'in_another_call',
} as const;

function remoteJoined(
  state: ActiveState,
  event: Extract<CallEvent, { type: 'remote_joined' }>,
  config: ResolvedCallConfig,
): CallStep {
  const entry = getParticipant(state.participants, event.participantId);
  if (entry !== undefined && isInCall(entry.state) && !isPending(entry.state)) return null;
  const profile = event.profile ?? entry?.profile;
  if (profile === undefined) return null;
  // Someone being rung already holds a place; anyone else needs a free one.
  const admitted =
    (entry !== undefined && isPending(entry.state)) ||
    hasRoom(state.participants, config.maxParticipants);
  const joined: ParticipantState = state.status === 'connected' ? 'connected' : 'connecting';
  const participants = {
    ...state.participants,
    [event.participantId]: {
      id: event.participantId,
      profile,
      state: admitted ? joined : ('participant_limit_reached' as const),
    },
  };
  const next = withParticipants(state, participants);
  if (admitted && next.status === 'outgoing_ringing') {
    return { state: { ...next, status: 'connecting' }, commands: [] };
  }
  return { state: next, commands: [] };
}

function iceChanged(state: ActiveState, ice: IceConnectionState, at: number): CallStep {
  const connectAll = (participants: CallParticipants): CallParticipants =>
    mapStates(participants, (s) => s === 'connecting', 'connected');
  switch (state.status) {
    case 'connecting':
      if (ice === 'connected') {
        return {
          state: {
            ...state,
            status: 'connected',
            connectedAt: at,
            participants: connectAll(state.participants),
          },
          commands: [],
        };
      }
      return ice === 'failed'
        ? { state: endCall(state, 'cannot_connect', at), commands: [...STOP_AND_HANG_UP] }
        : null;
    case 'connected':
      return ice === 'disconnected' || ice === 'failed'
        ? { state: { ...state, status: 'reconnecting' }, commands: [{ type: 'ice_restart' }] }
        : null;
    case 'reconnecting':
      if (ice === 'connected') {
        return {
          state: { ...state, status: 'connected', participants: connectAll(state.participants) },
          commands: [],
        };
      }
      return ice === 'failed'
        ? { state: endCall(state, 'connection_lost', at), commands: [...STOP_AND_HANG_UP] }
        : null;
    default:
      // Nobody has answered yet, so there is no media path to watch.
      return null;
  }
}

/** Outgoing ringing, connecting, connected and reconnecting. */
export function reduceActive(
  state: ActiveState,
  event: CallEvent,
  config: ResolvedCallConfig,
): CallStep {
  switch (event.type) {
    case 'remote_ringing': {
      const entry = getParticipant(state.participants, event.participantId);
      if (entry?.state !== 'contacting') return null;
      const participants = withState(state.participants, entry.id, 'ringing');
      return { state: withParticipants(state, participants), commands: [] };
    }
    case 'remote_rejected':
    case 'remote_unreachable':
    case 'remote_in_another_call': {
      const entry = getParticipant(state.participants, event.participantId);
      if (entry === undefined || !isPending(entry.state)) return null;
      const outcome = REMOTE_OUTCOME[event.type];
      return settle(state, withState(state.participants, entry.id, outcome), event.at, outcome);
    }
    case 'remote_limit_reached': {
      // The server's word: whatever this client thought (ringing, connecting), they are not in.
      const entry = getParticipant(state.participants, event.participantId);
      const profile = event.profile ?? entry?.profile;
      if (profile === undefined || entry?.state === 'participant_limit_reached') return null;
      const participants = {
        ...state.participants,
        [event.participantId]: {
          id: event.participantId,
          profile,
          state: 'participant_limit_reached' as const,
        },
      };
      return settle(state, participants, event.at, 'participant_limit_reached');
    }
    case 'remote_joined':
      return remoteJoined(state, event, config);
    case 'remote_left': {
      const entry = getParticipant(state.participants, event.participantId);
      if (entry === undefined || !isInCall(entry.state)) return null;
      const gone = event.dropped === true ? 'connection_dropped' : 'disconnected';
      return settle(state, withState(state.participants, entry.id, gone), event.at, gone);
    }
    case 'ring_timeout': {
      if (!Object.values(state.participants).some((p) => isPending(p.state))) return null;
      return settle(
        state,
        mapStates(state.participants, isPending, 'no_answer'),
        event.at,
        'no_answer',
      );
    }
    case 'invite': {
      if (event.peers.length === 0) return null;
      const { participants, added } = addPeers(
        state.participants,
        event.peers,
        'contacting',
        config.maxParticipants,
      );
      if (participants === state.participants) return null;
      const commands: CallCommand[] =
        added.length > 0 ? [{ type: 'ring_participants', participantIds: added }] : [];
      return { state: withParticipants(state, participants), commands };
    }
    case 'ice_state':
      return iceChanged(state, event.state, event.at);
    case 'call_failed':
      return { state: endCall(state, event.reason, event.at), commands: [{ type: 'stop_media' }] };
    case 'set_media': {
      const media = changedMedia(state.media, event);
      if (media === null) return null;
      return {
        state: { ...state, media },
        commands: [
          { type: 'apply_local_media', media },
          { type: 'send_media', media },
        ],
      };
    }
    case 'remote_media': {
      const entry = getParticipant(state.participants, event.participantId);
      if (entry === undefined) return null;
      const media = { muted: event.muted, cameraOff: event.cameraOff };
      if (entry.media?.muted === media.muted && entry.media.cameraOff === media.cameraOff) {
        return null;
      }
      const participants = { ...state.participants, [entry.id]: { ...entry, media } };
      return { state: withParticipants(state, participants), commands: [] };
    }
    case 'hang_up':
      return { state: endCall(state, 'hung_up', event.at), commands: [...STOP_AND_HANG_UP] };
    default:
      return null;
  }
}
