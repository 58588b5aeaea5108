import type { SoundThrottle } from './sound-gate';

/** Seed 4 gives the states but not their order; see beeper-reducer for ours. */
export const BEEP_STATUSES = ['PENDING', 'RENDERED', 'READY_TO_HIDE', 'FADING_OUT'] as const;
export type BeepStatus = (typeof BEEP_STATUSES)[number];

interface BeepBase<P> {
  id: string;
  payload: P;
}

export type Beep<P> =
  /** Queued: waiting for a free place on screen. */
  | (BeepBase<P> & { status: 'PENDING' })
  /** On screen, its hide timer running. */
  | (BeepBase<P> & { status: 'RENDERED'; hideDelayMs: number })
  /** Its time is up but the pointer is over the beeper, so it stays. */
  | (BeepBase<P> & { status: 'READY_TO_HIDE' })
  /** Fading out; removed when the fade timer fires. */
  | (BeepBase<P> & { status: 'FADING_OUT' });

export interface BeeperState<P> {
  /** Oldest first. */
  beeps: readonly Beep<P>[];
  /** Whether the user is active; decides the hide delay of the next beeps shown. */
  userActive: boolean;
  /** Whether the pointer is over the beeper: hiding waits while it is. */
  hovered: boolean;
  sound: SoundThrottle;
}

export type BeeperEvent<P> =
  | { type: 'beep'; id: string; payload: P; at: number; sound?: boolean }
  | { type: 'hide_timer_elapsed'; id: string }
  | { type: 'fade_timer_elapsed'; id: string }
  | { type: 'dismiss'; id: string }
  | { type: 'mouse_enter' }
  | { type: 'mouse_leave' }
  | { type: 'user_active' }
  | { type: 'user_idle' };

/** Timers are keyed by beep id; the caller runs them and feeds back the *_elapsed events. */
export type BeeperCommand =
  | { type: 'start_hide_timer'; id: string; delayMs: number }
  | { type: 'cancel_hide_timer'; id: string }
  | { type: 'start_fade_timer'; id: string; delayMs: number }
  | { type: 'cancel_fade_timer'; id: string }
  | { type: 'play_sound' };

export interface BeeperTransition<P> {
  state: BeeperState<P>;
  commands: readonly BeeperCommand[];
}

export interface BeeperConfig {
  idleDelayMs: number;
  activeLongDelayMs: number;
  fadeOutMs: number;
  maxVisible: number;
  soundMinIntervalMs: number;
}
