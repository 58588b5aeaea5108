import {
  IDLE,
  reduceTransition,
  type TransitionCommand,
  type TransitionEvent,
  type TransitionState,
} from './transition';

/**
 * What leaving would lose, and so which leaving asks first: 'navigation' (any
 * navigation, e.g. a message being written) or 'unload' (only leaving the app
 * itself, a reload or a closed tab: a call goes on across the app's pages).
 */
export type LeaveScope = 'navigation' | 'unload';

export interface LeavePageSnapshot {
  transition: TransitionState;
  /** Whether any before-leave hook holds the page now (also for the browser's own prompt). */
  blocking: boolean;
}

/**
 * Performs the transition machine's commands for one app: counts the
 * before-leave hooks that hold the page, answers the router (at once when
 * nothing blocks, else when the person chooses in the dialog) and tells
 * React what to show.
 */
export class LeavePageController {
  private snapshot: LeavePageSnapshot = { transition: IDLE, blocking: false };
  private readonly holds = new Map<symbol, LeaveScope>();
  private readonly listeners = new Set<() => void>();
  private waiting: { to: string; resolve: (allowed: boolean) => void } | null = null;

  /** Holds the page (for `scope`) until the returned function is called. */
  hold(scope: LeaveScope = 'navigation'): () => void {
    const token = Symbol('before-leave');
    this.holds.set(token, scope);
    this.update({ blocking: true });
    return () => {
      this.holds.delete(token);
      this.update({ blocking: this.holds.size > 0 });
    };
  }

  /** The router's before-leave hook. */
  ask = (to: string): boolean | Promise<boolean> => {
    // Only what a navigation inside the app would lose asks 'Leave Page?' (issue 31: during
    // a call it said unsaved changes would be lost, while the call in fact goes on).
    const blocked = [...this.holds.values()].includes('navigation');
    const commands = this.dispatch({ type: 'navigate', to, blocked });
    const answer = commands.find((c) => c.type === 'answer' && c.to === to);
    if (answer?.type === 'answer') return answer.allowed;
    return new Promise<boolean>((resolve) => {
      this.waiting = { to, resolve };
    });
  };

  leave = (): void => {
    this.dispatch({ type: 'leave' });
  };

  stay = (): void => {
    this.dispatch({ type: 'stay' });
  };

  arrived(to: string): void {
    this.dispatch({ type: 'arrived', to });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LeavePageSnapshot => this.snapshot;

  private dispatch(event: TransitionEvent): readonly TransitionCommand[] {
    const { state, commands } = reduceTransition(this.snapshot.transition, event);
    for (const command of commands) {
      if (command.type !== 'answer' || this.waiting?.to !== command.to) continue;
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve(command.allowed);
    }
    // The dialog is open exactly while confirming: show/hide follow the state.
    this.update({ transition: state });
    return commands;
  }

  private update(change: Partial<LeavePageSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    if (next.transition === this.snapshot.transition && next.blocking === this.snapshot.blocking) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}
