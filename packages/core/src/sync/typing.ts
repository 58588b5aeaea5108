import type { ClientFrame, ServerFrame } from './frames';
import { SYNC_TIMING } from './protocol';

/**
 * Typing indicators on both ends, pure (time passed in), after Zulip's
 * typing_status: the composer says "typing" at most once per refresh interval
 * while keys are pressed and "stopped" after a pause or a send; the receiving
 * side shows a typer until a "stopped" frame or the frame's expiry.
 */
export const TYPING = {
  /** Re-send "typing" this often while typing continues (under the expiry). */
  refreshMs: SYNC_TIMING.typingExpiryMs / 2,
  /** Keys idle this long: send "stopped". */
  idleMs: 5_000,
} as const;

// ---- receiving side --------------------------------------------------------

/** thread id → (user id → expiry time in ms). */
export type TypingIndicators = ReadonlyMap<string, ReadonlyMap<string, number>>;

export const noTypers: TypingIndicators = new Map();

type TypingFrame = Extract<ServerFrame, { type: 'typing' }>;

export function applyTypingFrame(
  state: TypingIndicators,
  frame: TypingFrame,
  now: number,
): TypingIndicators {
  const next = new Map(state);
  const typers = new Map(state.get(frame.thread_id) ?? []);
  if (frame.state === 'typing') typers.set(frame.user_id, now + frame.expires_in_ms);
  else typers.delete(frame.user_id);
  if (typers.size === 0) next.delete(frame.thread_id);
  else next.set(frame.thread_id, typers);
  return next;
}

/** Who is typing in a thread now, in the order they started. */
export function typersIn(state: TypingIndicators, threadId: string, now: number): string[] {
  const typers = state.get(threadId);
  if (typers === undefined) return [];
  return [...typers].filter(([, expiresAt]) => expiresAt > now).map(([userId]) => userId);
}

// ---- sending side ----------------------------------------------------------

export interface TypingSenderState {
  threadId: string | null;
  lastSentAt: number | null;
}

export const initialTypingSender: TypingSenderState = { threadId: null, lastSentAt: null };

export type TypingSenderEvent =
  /** A key changed the composer's text in `threadId`. */
  | { type: 'input'; threadId: string; now: number }
  /** The idle timer fired, the message was sent, the composer was emptied or closed. */
  | { type: 'stop' };

export type TypingSenderCommand =
  | { type: 'send'; frame: Extract<ClientFrame, { type: 'typing' }> }
  | { type: 'schedule_idle'; delayMs: number }
  | { type: 'cancel_idle' };

export function reduceTypingSender(
  state: TypingSenderState,
  event: TypingSenderEvent,
): { state: TypingSenderState; commands: TypingSenderCommand[] } {
  const stopped = (threadId: string): TypingSenderCommand => ({
    type: 'send',
    frame: { type: 'typing', thread_id: threadId, state: 'stopped' },
  });
  if (event.type === 'stop') {
    if (state.threadId === null) return { state, commands: [] };
    return {
      state: initialTypingSender,
      commands: [{ type: 'cancel_idle' }, stopped(state.threadId)],
    };
  }
  const commands: TypingSenderCommand[] = [];
  const switched = state.threadId !== null && state.threadId !== event.threadId;
  if (switched && state.threadId !== null) commands.push(stopped(state.threadId));
  const due =
    switched ||
    state.threadId === null ||
    state.lastSentAt === null ||
    event.now - state.lastSentAt >= TYPING.refreshMs;
  if (due) {
    commands.push({
      type: 'send',
      frame: { type: 'typing', thread_id: event.threadId, state: 'typing' },
    });
  }
  commands.push({ type: 'schedule_idle', delayMs: TYPING.idleMs });
  return {
    state: { threadId: event.threadId, lastSentAt: due ? event.now : state.lastSentAt },
    commands,
  };
}
