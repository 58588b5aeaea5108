import type { CallParticipant, ParticipantState } from './participant-state';

export type CallKind = 'voice' | 'video';
export type CallDirection = 'outgoing' | 'incoming';

/** Why a call ended, as seen by this client. Each maps to a status string. */
export const CALL_END_REASONS = [
  'hung_up',
  'no_answer',
  'in_another_call',
  'participant_limit_reached',
  'unreachable',
  'failed',
  'cannot_connect',
  'connection_lost',
  'connection_dropped',
  'encryption_error',
  'too_many_clients',
  'wifi_required',
] as const;

export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** Reasons the signalling or media layer can report through a `call_failed` event. */
export type CallFailureReason = Extract<
  CallEndReason,
  | 'failed'
  | 'unreachable'
  | 'encryption_error'
  | 'too_many_clients'
  | 'wifi_required'
  | 'in_another_call'
  | 'participant_limit_reached'
>;

export interface CallPeer {
  id: string;
  profile: CallParticipant;
}

export interface CallParticipantEntry extends CallPeer {
  state: ParticipantState;
  /** Their microphone and camera as they last told (call_media); unknown until then. */
  media?: LocalMedia;
}

/** Keyed by participant id (seed 3). The local user is not in the map. */
export type CallParticipants = Readonly<Record<string, CallParticipantEntry>>;

export interface LocalMedia {
  muted: boolean;
  cameraOff: boolean;
}

interface CallBase {
  callId: string;
  kind: CallKind;
  direction: CallDirection;
  participants: CallParticipants;
  media: LocalMedia;
  /** When ringing started (ms since epoch, from the caller's clock). */
  startedAt: number;
}

export type CallState =
  | { status: 'idle' }
  | (CallBase & { status: 'outgoing_ringing' })
  | (CallBase & { status: 'incoming_ringing' })
  | (CallBase & { status: 'connecting' })
  | (CallBase & { status: 'connected'; connectedAt: number })
  | (CallBase & { status: 'reconnecting'; connectedAt: number })
  | (CallBase & {
      status: 'ended';
      reason: CallEndReason;
      /** null when media never connected (a missed or failed call). */
      connectedAt: number | null;
      endedAt: number;
    });

export type CallStatus = CallState['status'];
export type ActiveCallState = Exclude<CallState, { status: 'idle' } | { status: 'ended' }>;

export type IceConnectionState = 'checking' | 'connected' | 'disconnected' | 'failed';

/** Every event carries `at`, the caller's clock reading: the reducer reads no clock. */
export type CallEvent =
  | { type: 'place_call'; callId: string; kind: CallKind; peers: readonly CallPeer[]; at: number }
  | {
      type: 'incoming_call';
      callId: string;
      kind: CallKind;
      caller: CallPeer;
      /** Others already in the call (group calls). */
      others?: readonly CallPeer[];
      at: number;
    }
  | { type: 'answer'; at: number }
  | { type: 'reject'; at: number }
  | { type: 'ring_timeout'; at: number }
  | { type: 'invite'; peers: readonly CallPeer[]; at: number }
  | { type: 'remote_ringing'; participantId: string; at: number }
  | { type: 'remote_rejected'; participantId: string; at: number }
  | { type: 'remote_unreachable'; participantId: string; at: number }
  | { type: 'remote_in_another_call'; participantId: string; at: number }
  /** The server refused this participant a place: the call was full (seed 4). */
  | {
      type: 'remote_limit_reached';
      participantId: string;
      profile?: CallParticipant;
      at: number;
    }
  | { type: 'remote_joined'; participantId: string; profile?: CallParticipant; at: number }
  | { type: 'remote_left'; participantId: string; dropped?: boolean; at: number }
  | { type: 'ice_state'; state: IceConnectionState; at: number }
  | { type: 'call_failed'; reason: CallFailureReason; at: number }
  | { type: 'set_media'; muted?: boolean; cameraOff?: boolean; at: number }
  /** A remote participant told their microphone and camera (call_media). */
  | { type: 'remote_media'; participantId: string; muted: boolean; cameraOff: boolean; at: number }
  | { type: 'hang_up'; at: number }
  | { type: 'dismiss'; at: number };

/** Effects the caller performs; the reducer only describes them. */
export type CallCommand =
  | { type: 'start_ring_timer'; durationMs: number }
  | { type: 'cancel_ring_timer' }
  | { type: 'ring_participants'; participantIds: readonly string[] }
  | { type: 'start_media'; kind: CallKind; media: LocalMedia }
  | { type: 'apply_local_media'; media: LocalMedia }
  /** Tell the others in the call (call_media frame). */
  | { type: 'send_media'; media: LocalMedia }
  | { type: 'stop_media' }
  | { type: 'ice_restart' }
  | { type: 'send_answer' }
  | { type: 'send_reject' }
  | { type: 'send_hangup' };

export interface CallTransition {
  state: CallState;
  commands: readonly CallCommand[];
}

export interface CallConfig {
  /** Default CALLS.ringTimeoutMs. */
  ringTimeoutMs: number;
  /** People in one call, the local user included. Default CALLS.maxParticipants. */
  maxParticipants: number;
}
