/** The parts of `window`/`document` activity watching uses, so tests can pass fakes. */
export interface ActivityEnvironment {
  isVisible: () => boolean;
  hasFocus: () => boolean;
  on: (type: string, listener: () => void) => void;
  off: (type: string, listener: () => void) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/** No input for this long counts as idle (our choice; the seed gives only the beeper's delays). */
export const IDLE_AFTER_MS = 60_000;

const INPUT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const FOCUS_EVENTS = ['focus', 'blur', 'visibilitychange'] as const;

/**
 * Whether the person is looking at the page, for core's beeper: active while
 * the tab is visible and focused and they used it within the last minute;
 * idle otherwise (an idle person gets the longer delay to notice a toast).
 * Calls `onChange` only when the answer changes.
 */
export function watchUserActivity(
  env: ActivityEnvironment,
  onChange: (active: boolean) => void,
  idleAfterMs: number = IDLE_AFTER_MS,
): () => void {
  let recentInput = true;
  let active = env.isVisible() && env.hasFocus();
  let timer: unknown = null;

  const update = (): void => {
    const next = recentInput && env.isVisible() && env.hasFocus();
    if (next === active) return;
    active = next;
    onChange(active);
  };
  const arm = (): void => {
    if (timer !== null) env.clearTimer(timer);
    timer = env.setTimer(() => {
      timer = null;
      recentInput = false;
      update();
    }, idleAfterMs);
  };
  const onInput = (): void => {
    recentInput = true;
    arm();
    update();
  };

  for (const type of INPUT_EVENTS) env.on(type, onInput);
  for (const type of FOCUS_EVENTS) env.on(type, update);
  arm();
  onChange(active);
  return () => {
    for (const type of INPUT_EVENTS) env.off(type, onInput);
    for (const type of FOCUS_EVENTS) env.off(type, update);
    if (timer !== null) env.clearTimer(timer);
  };
}

/** The browser's window and document as an activity environment. */
export function browserActivity(): ActivityEnvironment {
  return {
    isVisible: () => document.visibilityState === 'visible',
    hasFocus: () => document.hasFocus(),
    on: (type, listener) => {
      const target = type === 'visibilitychange' ? document : window;
      target.addEventListener(type, listener, { capture: true, passive: true });
    },
    off: (type, listener) => {
      const target = type === 'visibilitychange' ? document : window;
      target.removeEventListener(type, listener, { capture: true });
    },
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (handle) => {
      window.clearTimeout(handle as number);
    },
  };
}
