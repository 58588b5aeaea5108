import { backoffDelayMs } from '../backoff';
import type { Delta } from './deltas';
import { helloFrame, type ClientFrame, type ResyncReason, type ServerFrame } from './frames';
import { SYNC_CLOSE, SYNC_TIMING } from './protocol';

/**
 * The client side of the sync socket as a pure reducer: the caller owns the
 * socket and the timers and performs the commands; events report what
 * happened. After a `close_socket` command the caller reports nothing more
 * from that socket (a later `closed` always means the current one).
 *
 * - `idle`: not started.
 * - `connecting`: a socket is being opened.
 * - `replaying`: hello sent; missed deltas arrive until `ready`.
 * - `live`: caught up; deltas arrive as they commit.
 * - `waiting`: disconnected, a reconnect is scheduled.
 * - `stopped`: reconnecting cannot help (logged out, other protocol) or the caller stopped.
 */
export type SyncClientState =
  | (SyncClientBase & { status: 'idle' })
  | (SyncClientBase & { status: 'connecting'; attempt: number })
  | (SyncClientBase & { status: 'replaying'; attempt: number })
  | (SyncClientBase & { status: 'live' })
  | (SyncClientBase & { status: 'waiting'; attempt: number })
  | (SyncClientBase & { status: 'stopped'; reason: SyncStopReason });

export interface SyncClientBase {
  /** The newest seq applied; the next hello resumes after it. */
  lastSeq: number;
  deviceId: string | null;
}

export type SyncStopReason =
  'unauthenticated' | 'unsupported_protocol' | 'forbidden_origin' | 'stopped';

export type SyncClientEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'opened' }
  | { type: 'frame'; frame: ServerFrame }
  /** `jitter` in [0, 1) from the caller's randomness spreads reconnects of many clients. */
  | { type: 'closed'; code: number; jitter: number }
  | { type: 'reconnect_timer_fired' };

export type EphemeralFrame = Extract<
  ServerFrame,
  { type: 'typing' | 'presence' | 'call_signal' | 'call_result' | 'call_media' }
>;
export type SendResultFrame = Extract<ServerFrame, { type: 'send_result' }>;

export type SyncClientCommand =
  | { type: 'open_socket' }
  | { type: 'close_socket' }
  | { type: 'send'; frame: ClientFrame }
  /** Apply to the local store (one reducer per feature); seqs arrive in order, each once. */
  | { type: 'apply_delta'; seq: number; delta: Delta }
  /** The log cannot fill the gap: refetch the data through the API. */
  | { type: 'resync'; reason: ResyncReason }
  | { type: 'ephemeral'; frame: EphemeralFrame }
  /** The answer to a `send` frame, for whoever sent it. */
  | { type: 'send_result'; frame: SendResultFrame }
  | { type: 'schedule_reconnect'; delayMs: number }
  | { type: 'cancel_reconnect' }
  | { type: 'report_error'; code: string; message: string };

export interface SyncClientResult {
  state: SyncClientState;
  commands: SyncClientCommand[];
}

export function initialSyncClientState(
  lastSeq = 0,
  deviceId: string | null = null,
): SyncClientState {
  return { status: 'idle', lastSeq, deviceId };
}

/** Delay before reconnect number `attempt` (1-based): exponential, capped, half of it jittered. */
export function reconnectDelayMs(attempt: number, jitter: number): number {
  return backoffDelayMs(
    attempt,
    { baseMs: SYNC_TIMING.reconnectBaseMs, maxMs: SYNC_TIMING.reconnectMaxMs },
    jitter,
  );
}

const FATAL_REASONS: ReadonlyMap<number, SyncStopReason> = new Map([
  [SYNC_CLOSE.unauthenticated, 'unauthenticated'],
  [SYNC_CLOSE.unsupportedProtocol, 'unsupported_protocol'],
  [SYNC_CLOSE.forbiddenOrigin, 'forbidden_origin'],
]);

function base(state: SyncClientState): SyncClientBase {
  return { lastSeq: state.lastSeq, deviceId: state.deviceId };
}

const result = (state: SyncClientState, commands: SyncClientCommand[] = []): SyncClientResult => ({
  state,
  commands,
});

export function reduceSyncClient(state: SyncClientState, event: SyncClientEvent): SyncClientResult {
  switch (event.type) {
    case 'start':
      if (state.status !== 'idle' && state.status !== 'stopped') return result(state);
      return result({ ...base(state), status: 'connecting', attempt: 0 }, [
        { type: 'open_socket' },
      ]);
    case 'stop':
      if (state.status === 'stopped') return result(state);
      return result({ ...base(state), status: 'stopped', reason: 'stopped' }, [
        { type: 'cancel_reconnect' },
        { type: 'close_socket' },
      ]);
    case 'opened':
      if (state.status !== 'connecting') return result(state);
      return result({ ...base(state), status: 'replaying', attempt: state.attempt }, [
        { type: 'send', frame: helloFrame(state.lastSeq, state.deviceId ?? undefined) },
      ]);
    case 'closed':
      return onClosed(state, event.code, event.jitter);
    case 'reconnect_timer_fired':
      if (state.status !== 'waiting') return result(state);
      return result({ ...base(state), status: 'connecting', attempt: state.attempt }, [
        { type: 'open_socket' },
      ]);
    case 'frame':
      if (state.status !== 'replaying' && state.status !== 'live') return result(state);
      return onFrame(state, event.frame);
  }
}

function onClosed(state: SyncClientState, code: number, jitter: number): SyncClientResult {
  if (state.status === 'idle' || state.status === 'stopped' || state.status === 'waiting') {
    return result(state);
  }
  const fatal = FATAL_REASONS.get(code);
  if (fatal !== undefined) {
    return result({ ...base(state), status: 'stopped', reason: fatal });
  }
  const attempt = state.status === 'live' ? 1 : state.attempt + 1;
  return result({ ...base(state), status: 'waiting', attempt }, [
    { type: 'schedule_reconnect', delayMs: reconnectDelayMs(attempt, jitter) },
  ]);
}

type Connected = Extract<SyncClientState, { status: 'replaying' | 'live' }>;

/** Drop the socket and reconnect at once: the replay from lastSeq fills the gap. */
function reconnectNow(state: Connected): SyncClientResult {
  return result({ ...base(state), status: 'waiting', attempt: 0 }, [
    { type: 'close_socket' },
    { type: 'schedule_reconnect', delayMs: 0 },
  ]);
}

function onFrame(state: Connected, frame: ServerFrame): SyncClientResult {
  switch (frame.type) {
    case 'delta': {
      if (frame.seq <= state.lastSeq) return result(state);
      if (frame.seq !== state.lastSeq + 1) return reconnectNow(state);
      const next: Connected = { ...state, lastSeq: frame.seq };
      const commands: SyncClientCommand[] = [
        { type: 'apply_delta', seq: frame.seq, delta: frame.delta },
      ];
      // While replaying, one ack after `ready` covers the whole replay.
      if (state.status === 'live')
        commands.push({ type: 'send', frame: { type: 'ack', seq: frame.seq } });
      return result(next, commands);
    }
    case 'ready': {
      if (frame.seq > state.lastSeq) return reconnectNow(state);
      const commands: SyncClientCommand[] = [];
      if (frame.seq < state.lastSeq) commands.push({ type: 'resync', reason: 'ahead_of_head' });
      if (frame.seq > 0) commands.push({ type: 'send', frame: { type: 'ack', seq: frame.seq } });
      return result({ ...base(state), lastSeq: frame.seq, status: 'live' }, commands);
    }
    case 'resync_required':
      return result({ ...state, lastSeq: frame.seq }, [{ type: 'resync', reason: frame.reason }]);
    case 'typing':
    case 'presence':
    case 'call_signal':
    case 'call_result':
    case 'call_media':
      return result(state, [{ type: 'ephemeral', frame }]);
    case 'error':
      return result(state, [{ type: 'report_error', code: frame.code, message: frame.message }]);
    case 'send_result':
      return result(state, [{ type: 'send_result', frame }]);
    case 'pong':
      return result(state);
  }
}
