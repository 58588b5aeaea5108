import type { ClientPresenceState } from '@messenger/core';

/** The parts of `window`/`document` attention watching uses, so tests can pass fakes. */
export interface AttentionEnvironment {
  isVisible: () => boolean;
  now: () => number;
  on: (type: string, listener: () => void) => void;
  off: (type: string, listener: () => void) => void;
}

/**
 * While the person keeps using the page, "active" is repeated at most this
 * often: the server counts a socket quiet for its idle time (5 minutes) as
 * IDLE, so a person reading and scrolling must say so now and then.
 */
export const ACTIVE_REPEAT_MS = 60_000;

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Tells the server the person's attention through the socket's `presence`
 * frames: "idle" when the tab is hidden, "active" when it shows again and,
 * at most every ACTIVE_REPEAT_MS, while they use it. `send` returns false
 * when the socket is not live; the state is then said again on the next
 * input, and `resend` says it after a reconnect.
 */
export function watchAttention(
  env: AttentionEnvironment,
  send: (state: ClientPresenceState) => boolean,
): { resend: () => void; stop: () => void } {
  let lastSent: { state: ClientPresenceState; at: number } | null = null;

  const say = (state: ClientPresenceState, force: boolean): void => {
    const now = env.now();
    if (
      !force &&
      lastSent !== null &&
      lastSent.state === state &&
      now - lastSent.at < ACTIVE_REPEAT_MS
    )
      return;
    if (send(state)) lastSent = { state, at: now };
  };
  const onInput = (): void => {
    if (env.isVisible()) say('active', false);
  };
  const onVisibility = (): void => {
    say(env.isVisible() ? 'active' : 'idle', false);
  };

  for (const type of INPUT_EVENTS) env.on(type, onInput);
  env.on('visibilitychange', onVisibility);
  return {
    resend: () => {
      say(env.isVisible() ? 'active' : 'idle', true);
    },
    stop: () => {
      for (const type of INPUT_EVENTS) env.off(type, onInput);
      env.off('visibilitychange', onVisibility);
    },
  };
}
