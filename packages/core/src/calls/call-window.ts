import type { CallState } from './call-types';

/**
 * Whether this client shows the call window for `state` (the incoming-call
 * dialog stands for a ringing call). A call rung here that ended before it
 * was answered — declined, rung out, or given up by the caller — shows no
 * window: "No Answer" is the caller's news, not the callee's (issue 31).
 */
export function showsCallWindow(state: CallState): boolean {
  if (state.status === 'idle' || state.status === 'incoming_ringing') return false;
  const unansweredHere =
    state.status === 'ended' &&
    state.direction === 'incoming' &&
    state.connectedAt === null &&
    state.reason === 'no_answer';
  return !unansweredHere;
}
