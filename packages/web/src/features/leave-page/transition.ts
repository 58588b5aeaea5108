/**
 * A page transition (seed 2: "Page transitions can be in-flight or complete.
 * Before-leave hooks can raise this dialog."), as a pure state machine:
 *
 *   idle ──navigate, nothing blocks──▶ in-flight ──arrived──▶ complete
 *     │                                  ▲
 *     └──navigate, a hook blocks──▶ confirming ──leave──┘
 *                                        └──stay──▶ idle
 *
 * `complete` behaves as `idle` for the next navigation. The caller performs
 * the commands: showing the dialog and answering the router's question.
 */

export type TransitionState =
  | { status: 'idle' }
  /** The leave-page dialog asks whether to go to `to`. */
  | { status: 'confirming'; to: string }
  /** Allowed; the location has not reached `to` yet. */
  | { status: 'in-flight'; to: string }
  | { status: 'complete'; to: string };

export type TransitionEvent =
  /** The router asks before leaving for `to`; `blocked` when a before-leave hook holds the page. */
  | { type: 'navigate'; to: string; blocked: boolean }
  /** 'Leave This Page'. */
  | { type: 'leave' }
  /** 'Stay on This Page' (or the dialog closed by Escape). */
  | { type: 'stay' }
  /** The location changed to `to`. */
  | { type: 'arrived'; to: string };

export type TransitionCommand =
  | { type: 'show_dialog' }
  | { type: 'hide_dialog' }
  /** Answers the router's question about `to`. */
  | { type: 'answer'; to: string; allowed: boolean };

export interface TransitionResult {
  state: TransitionState;
  commands: readonly TransitionCommand[];
}

export const IDLE: TransitionState = { status: 'idle' };

export function reduceTransition(state: TransitionState, event: TransitionEvent): TransitionResult {
  switch (event.type) {
    case 'navigate':
      // One question at a time: another navigation while asking is refused.
      if (state.status === 'confirming') {
        return { state, commands: [{ type: 'answer', to: event.to, allowed: false }] };
      }
      if (event.blocked) {
        return {
          state: { status: 'confirming', to: event.to },
          commands: [{ type: 'show_dialog' }],
        };
      }
      return {
        state: { status: 'in-flight', to: event.to },
        commands: [{ type: 'answer', to: event.to, allowed: true }],
      };
    case 'leave':
      if (state.status !== 'confirming') return { state, commands: [] };
      return {
        state: { status: 'in-flight', to: state.to },
        commands: [{ type: 'hide_dialog' }, { type: 'answer', to: state.to, allowed: true }],
      };
    case 'stay':
      if (state.status !== 'confirming') return { state, commands: [] };
      return {
        state: IDLE,
        commands: [{ type: 'hide_dialog' }, { type: 'answer', to: state.to, allowed: false }],
      };
    case 'arrived':
      // Only the navigation that was let through completes; any other change
      // of location (another hook refused, a redirect) leaves things as they are.
      if (state.status !== 'in-flight' || state.to !== event.to) return { state, commands: [] };
      return { state: { status: 'complete', to: state.to }, commands: [] };
  }
}
