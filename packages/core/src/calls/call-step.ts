import type {
  ActiveCallState,
  CallCommand,
  CallConfig,
  CallEndReason,
  CallParticipants,
  CallState,
  LocalMedia,
} from './call-types';
import type { ParticipantState } from './participant-state';
import { mapStates } from './call-participants';
import { isInCall } from './participant-state';

/** What a handler returns: the next state and its commands, or null for an illegal event. */
export type CallStep = { state: CallState; commands: CallCommand[] } | null;

export type ResolvedCallConfig = Readonly<CallConfig>;

/** Local media is running from dialling (outgoing) or answering (incoming) until the end. */
export const STOP_AND_HANG_UP: readonly CallCommand[] = [
  { type: 'stop_media' },
  { type: 'send_hangup' },
];

export function connectedAtOf(state: ActiveCallState): number | null {
  return state.status === 'connected' || state.status === 'reconnecting' ? state.connectedAt : null;
}

/**
 * Ends the call; remotes still in it are shown as `leftover` from this
 * client's view. Refused for the participant limit, the call goes on without
 * us: the others stay in it ('connected'), they did not leave.
 */
export function endCall(
  state: ActiveCallState,
  reason: CallEndReason,
  at: number,
  leftover: ParticipantState = reason === 'participant_limit_reached'
    ? 'connected'
    : 'disconnected',
): CallState {
  return {
    status: 'ended',
    callId: state.callId,
    kind: state.kind,
    direction: state.direction,
    startedAt: state.startedAt,
    media: state.media,
    participants: mapStates(state.participants, isInCall, leftover),
    reason,
    connectedAt: connectedAtOf(state),
    endedAt: at,
  };
}

export function withParticipants(
  state: ActiveCallState,
  participants: CallParticipants,
): ActiveCallState {
  return { ...state, participants };
}

/** The media flags after a set_media event, or null when nothing changes. */
export function changedMedia(
  media: LocalMedia,
  change: { muted?: boolean; cameraOff?: boolean },
): LocalMedia | null {
  const next = {
    muted: change.muted ?? media.muted,
    cameraOff: change.cameraOff ?? media.cameraOff,
  };
  return next.muted === media.muted && next.cameraOff === media.cameraOff ? null : next;
}
