import {
  applyTypingFrame,
  initialTypingSender,
  noTypers,
  reduceTypingSender,
  typersIn,
  type ClientFrame,
  type EphemeralFrame,
  type TypingIndicators,
  type TypingSenderState,
} from '@messenger/core';

/** Timers and time, passed in so tests can drive them. */
export interface Clock {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => window.setTimeout(fn, ms),
  clearTimer: (handle) => {
    window.clearTimeout(handle as number);
  },
};

/**
 * Who is typing where, from the sync socket's ephemeral `typing` frames
 * (core applyTypingFrame). Listeners are told on every frame and again when
 * the earliest indicator expires, so a typer without a refresh disappears.
 */
export class TypingStore {
  private state: TypingIndicators = noTypers;
  private readonly listeners = new Set<() => void>();
  private expiryTimer: unknown = null;

  constructor(private readonly clock: Clock) {}

  apply(frame: EphemeralFrame): void {
    if (frame.type !== 'typing') return;
    this.state = applyTypingFrame(this.state, frame, this.clock.now());
    this.changed();
  }

  /** The user ids typing in `threadId` now, in the order they started. */
  typers(threadId: string): string[] {
    return typersIn(this.state, threadId, this.clock.now());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TypingIndicators => this.state;

  private changed(): void {
    this.prune();
    if (this.expiryTimer !== null) this.clock.clearTimer(this.expiryTimer);
    this.expiryTimer = null;
    let next = Infinity;
    for (const typers of this.state.values()) {
      for (const expiresAt of typers.values()) next = Math.min(next, expiresAt);
    }
    if (next !== Infinity) {
      this.expiryTimer = this.clock.setTimer(
        () => {
          this.expiryTimer = null;
          this.changed();
        },
        Math.max(0, next - this.clock.now()),
      );
    }
    for (const listener of this.listeners) listener();
  }

  /** Drops expired indicators (a new state object, so subscribers re-render). */
  private prune(): void {
    const now = this.clock.now();
    let pruned: Map<string, ReadonlyMap<string, number>> | null = null;
    for (const [threadId, typers] of this.state) {
      const alive = [...typers].filter(([, expiresAt]) => expiresAt > now);
      if (alive.length === typers.size) continue;
      pruned ??= new Map(this.state);
      if (alive.length === 0) pruned.delete(threadId);
      else pruned.set(threadId, new Map(alive));
    }
    if (pruned !== null) this.state = pruned;
  }
}

type TypingFrame = Extract<ClientFrame, { type: 'typing' }>;

/**
 * The composer's side (core reduceTypingSender): "typing" at most once per
 * refresh interval while the text changes, "stopped" after an idle pause, a
 * send, a blur or leaving the thread.
 */
export class TypingSender {
  private state: TypingSenderState = initialTypingSender;
  private idleTimer: unknown = null;

  constructor(
    private readonly send: (frame: TypingFrame) => void,
    private readonly clock: Clock,
  ) {}

  input(threadId: string): void {
    this.dispatch({ type: 'input', threadId, now: this.clock.now() });
  }

  stop(): void {
    this.dispatch({ type: 'stop' });
  }

  private dispatch(event: Parameters<typeof reduceTypingSender>[1]): void {
    const { state, commands } = reduceTypingSender(this.state, event);
    this.state = state;
    for (const command of commands) {
      switch (command.type) {
        case 'send':
          this.send(command.frame);
          break;
        case 'schedule_idle':
          this.cancelIdle();
          this.idleTimer = this.clock.setTimer(() => {
            this.idleTimer = null;
            this.stop();
          }, command.delayMs);
          break;
        case 'cancel_idle':
          this.cancelIdle();
          break;
      }
    }
  }

  private cancelIdle(): void {
    if (this.idleTimer !== null) this.clock.clearTimer(this.idleTimer);
    this.idleTimer = null;
  }
}

// Its slot in the login's services (session/ names no feature; app/ fills it).
declare module '../../session/session-services' {
  interface RelayServices {
    readonly typing: TypingStore;
  }
}
