import {
  createBeeperState,
  reduceBeeper,
  type BeeperCommand,
  type BeeperEvent,
  type BeeperReducer,
  type BeeperState,
} from '@messenger/core';

/** The outside world of the beeper, passed in so tests can drive time and sound. */
export interface BeeperDeps {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** Plays the notification sound; must not throw. */
  playSound: () => void;
  /** Whether a sound may play at all (after a user gesture); the core gate throttles the rest. */
  canPlaySound: () => boolean;
  reduce?: BeeperReducer;
}

/**
 * Runs core's beeper reducer: it decides every state and delay, this only
 * performs its commands (timers keyed by beep, the sound) and tells React.
 */
export class BeeperController<P> {
  private state: BeeperState<P> = createBeeperState<P>();
  private readonly timers = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  private readonly reduce: BeeperReducer;

  constructor(private readonly deps: BeeperDeps) {
    this.reduce = deps.reduce ?? reduceBeeper;
  }

  beep(id: string, payload: P): void {
    this.dispatch({
      type: 'beep',
      id,
      payload,
      at: this.deps.now(),
      sound: this.deps.canPlaySound(),
    });
  }

  dispatch(event: BeeperEvent<P>): void {
    const { state, commands } = this.reduce(this.state, event);
    const changed = state !== this.state;
    this.state = state;
    for (const command of commands) this.perform(command);
    if (changed) for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): BeeperState<P> => this.state;

  /** Stops every timer (the beeper leaves the page). */
  dispose(): void {
    for (const handle of this.timers.values()) this.deps.clearTimer(handle);
    this.timers.clear();
  }

  private perform(command: BeeperCommand): void {
    switch (command.type) {
      case 'start_hide_timer':
        this.start(`hide:${command.id}`, command.delayMs, {
          type: 'hide_timer_elapsed',
          id: command.id,
        });
        return;
      case 'start_fade_timer':
        this.start(`fade:${command.id}`, command.delayMs, {
          type: 'fade_timer_elapsed',
          id: command.id,
        });
        return;
      case 'cancel_hide_timer':
        this.cancel(`hide:${command.id}`);
        return;
      case 'cancel_fade_timer':
        this.cancel(`fade:${command.id}`);
        return;
      case 'play_sound':
        this.deps.playSound();
        return;
    }
  }

  private start(key: string, delayMs: number, event: BeeperEvent<P>): void {
    this.cancel(key);
    const handle = this.deps.setTimer(() => {
      this.timers.delete(key);
      this.dispatch(event);
    }, delayMs);
    this.timers.set(key, handle);
  }

  private cancel(key: string): void {
    const handle = this.timers.get(key);
    if (handle === undefined) return;
    this.timers.delete(key);
    this.deps.clearTimer(handle);
  }
}
