import type {
  CallCommand,
  CallConfig,
  CallEvent,
  CallParticipantEntry,
  CallState,
  CallTransition,
} from './call-types';
import type { CallStep, ResolvedCallConfig } from './call-step';
import { CALLS } from '../constants';
import { CoreError } from '../errors';
import { addPeers, countPending } from './call-participants';
import { reduceActive } from './call-active';
import { reduceIncoming } from './call-incoming';

export const IDLE_CALL: CallState = { status: 'idle' };

function fromIdle(event: CallEvent, config: ResolvedCallConfig): CallStep {
  if (event.type === 'place_call') {
    if (event.callId === '' || event.peers.length === 0) return null;
    const media = { muted: false, cameraOff: event.kind === 'voice' };
    const { participants, added } = addPeers({}, event.peers, 'contacting', config.maxParticipants);
    return {
      state: {
        status: 'outgoing_ringing',
        callId: event.callId,
        kind: event.kind,
        direction: 'outgoing',
        participants,
        media,
        startedAt: event.at,
      },
      commands: [
        { type: 'start_media', kind: event.kind, media },
        { type: 'ring_participants', participantIds: added },
      ],
    };
  }
  if (event.type === 'incoming_call') {
    if (event.callId === '') return null;
    const participants: Record<string, CallParticipantEntry> = {};
    // Whoever is already in the call was admitted by the server: no limit applies here.
    for (const peer of [event.caller, ...(event.others ?? [])]) {
      participants[peer.id] = { ...peer, state: 'connected' };
    }
    return {
      state: {
        status: 'incoming_ringing',
        callId: event.callId,
        kind: event.kind,
        direction: 'incoming',
        participants,
        media: { muted: false, cameraOff: event.kind === 'voice' },
        startedAt: event.at,
      },
      commands: [{ type: 'start_ring_timer', durationMs: config.ringTimeoutMs }],
    };
  }
  return null;
}

function route(state: CallState, event: CallEvent, config: ResolvedCallConfig): CallStep {
  switch (state.status) {
    case 'idle':
      return fromIdle(event, config);
    case 'ended':
      return event.type === 'dismiss' ? { state: IDLE_CALL, commands: [] } : null;
    case 'incoming_ringing':
      return reduceIncoming(state, event, config);
    default:
      return reduceActive(state, event, config);
  }
}

const pendingOf = (state: CallState): number =>
  state.status === 'idle' ? 0 : countPending(state.participants);

/**
 * One ring timer per call, for the remotes still being rung: it starts when the
 * first starts ringing and is cancelled once none is left (unless it just fired).
 * The incoming side's own ringing timer is handled in call-incoming.
 */
function ringTimerCommands(
  before: CallState,
  after: CallState,
  event: CallEvent,
  config: ResolvedCallConfig,
): CallCommand[] {
  const was = pendingOf(before);
  const is = pendingOf(after);
  if (was === 0 && is > 0) return [{ type: 'start_ring_timer', durationMs: config.ringTimeoutMs }];
  if (was > 0 && is === 0 && event.type !== 'ring_timeout') return [{ type: 'cancel_ring_timer' }];
  return [];
}

function resolveConfig(config: Partial<CallConfig>): ResolvedCallConfig {
  const resolved = {
    ringTimeoutMs: config.ringTimeoutMs ?? CALLS.ringTimeoutMs,
    maxParticipants: config.maxParticipants ?? CALLS.maxParticipants,
  };
  if (!Number.isFinite(resolved.ringTimeoutMs) || resolved.ringTimeoutMs <= 0) {
    throw new CoreError('invalid_call_config', 'ringTimeoutMs must be a positive number');
  }
  // A call needs the local user and at least one other person.
  if (!Number.isInteger(resolved.maxParticipants) || resolved.maxParticipants < 2) {
    throw new CoreError('invalid_call_config', 'maxParticipants must be an integer of at least 2');
  }
  return resolved;
}

/** Builds a call reducer; illegal events return the same state and no commands. */
export function createCallReducer(
  config: Partial<CallConfig> = {},
): (state: CallState, event: CallEvent) => CallTransition {
  const resolved = resolveConfig(config);
  return (state, event) => {
    const step = route(state, event, resolved);
    if (step === null) return { state, commands: [] };
    return {
      state: step.state,
      commands: [...step.commands, ...ringTimerCommands(state, step.state, event, resolved)],
    };
  };
}

/** The call reducer with the default ring timeout and participant limit. */
export const reduceCall = createCallReducer();
