import type {
  Beep,
  BeeperCommand,
  BeeperConfig,
  BeeperEvent,
  BeeperState,
  BeeperTransition,
} from './beeper-types';
import { BEEPER, NOTIFICATION_SOUND_MIN_INTERVAL_MS } from '../constants';
import { CoreError } from '../errors';
import { INITIAL_SOUND_THROTTLE, requestSound } from './sound-gate';

/*
 * Order (seed 4 leaves it open): PENDING → RENDERED → FADING_OUT → removed.
 * READY_TO_HIDE sits between RENDERED and FADING_OUT only while the pointer is
 * over the beeper: hover pauses hiding. A beep whose hide timer fires under the
 * pointer waits as READY_TO_HIDE, a fading beep the pointer reaches goes back to
 * READY_TO_HIDE, and all of them fade once the pointer leaves.
 */

export function createBeeperState<P>(options: { userActive?: boolean } = {}): BeeperState<P> {
  return {
    beeps: [],
    userActive: options.userActive ?? true,
    hovered: false,
    sound: INITIAL_SOUND_THROTTLE,
  };
}

interface Transition<P> {
  state: BeeperState<P>;
  commands: BeeperCommand[];
}

/** null: the event does not apply, nothing changes. */
type Step<P> = Transition<P> | null;

const isVisible = <P>(beep: Beep<P>): boolean => beep.status !== 'PENDING';

/** Shows queued beeps, oldest first, while there is room on screen. */
function promote<P>(state: BeeperState<P>, config: BeeperConfig): Transition<P> {
  let free = config.maxVisible - state.beeps.filter(isVisible).length;
  // An idle user gets longer to notice a beep than one who is looking at the page.
  const hideDelayMs = state.userActive ? config.activeLongDelayMs : config.idleDelayMs;
  const commands: BeeperCommand[] = [];
  const beeps = state.beeps.map((beep): Beep<P> => {
    if (beep.status !== 'PENDING' || free <= 0) return beep;
    free -= 1;
    commands.push({ type: 'start_hide_timer', id: beep.id, delayMs: hideDelayMs });
    return { id: beep.id, payload: beep.payload, status: 'RENDERED', hideDelayMs };
  });
  return { state: commands.length === 0 ? state : { ...state, beeps }, commands };
}

function fade<P>(beep: Beep<P>, config: BeeperConfig): { beep: Beep<P>; command: BeeperCommand } {
  return {
    beep: { id: beep.id, payload: beep.payload, status: 'FADING_OUT' },
    command: { type: 'start_fade_timer', id: beep.id, delayMs: config.fadeOutMs },
  };
}

function removeBeep<P>(state: BeeperState<P>, id: string, config: BeeperConfig): Transition<P> {
  const next = { ...state, beeps: state.beeps.filter((b) => b.id !== id) };
  return promote(next, config);
}

function step<P>(state: BeeperState<P>, event: BeeperEvent<P>, config: BeeperConfig): Step<P> {
  switch (event.type) {
    case 'beep': {
      if (event.id === '' || state.beeps.some((b) => b.id === event.id)) return null;
      const queued: Beep<P> = { id: event.id, payload: event.payload, status: 'PENDING' };
      const shown = promote({ ...state, beeps: [...state.beeps, queued] }, config);
      if (event.sound !== true) return shown;
      const sound = requestSound(state.sound, event.at, config.soundMinIntervalMs);
      return {
        state: { ...shown.state, sound: sound.throttle },
        commands: sound.play ? [...shown.commands, { type: 'play_sound' }] : shown.commands,
      };
    }
    case 'hide_timer_elapsed': {
      const index = state.beeps.findIndex((b) => b.id === event.id && b.status === 'RENDERED');
      const beep = state.beeps[index];
      if (beep === undefined) return null;
      const beeps = [...state.beeps];
      if (state.hovered) {
        beeps[index] = { id: beep.id, payload: beep.payload, status: 'READY_TO_HIDE' };
        return { state: { ...state, beeps }, commands: [] };
      }
      const faded = fade(beep, config);
      beeps[index] = faded.beep;
      return { state: { ...state, beeps }, commands: [faded.command] };
    }
    case 'fade_timer_elapsed':
      return state.beeps.some((b) => b.id === event.id && b.status === 'FADING_OUT')
        ? removeBeep(state, event.id, config)
        : null;
    case 'dismiss': {
      const beep = state.beeps.find((b) => b.id === event.id);
      if (beep === undefined) return null;
      const removed = removeBeep(state, event.id, config);
      const cancel: BeeperCommand[] =
        beep.status === 'RENDERED'
          ? [{ type: 'cancel_hide_timer', id: beep.id }]
          : beep.status === 'FADING_OUT'
            ? [{ type: 'cancel_fade_timer', id: beep.id }]
            : [];
      return { state: removed.state, commands: [...cancel, ...removed.commands] };
    }
    case 'mouse_enter': {
      if (state.hovered) return null;
      const commands: BeeperCommand[] = [];
      const beeps = state.beeps.map((beep): Beep<P> => {
        if (beep.status !== 'FADING_OUT') return beep;
        commands.push({ type: 'cancel_fade_timer', id: beep.id });
        return { id: beep.id, payload: beep.payload, status: 'READY_TO_HIDE' };
      });
      return { state: { ...state, hovered: true, beeps }, commands };
    }
    case 'mouse_leave': {
      if (!state.hovered) return null;
      const commands: BeeperCommand[] = [];
      const beeps = state.beeps.map((beep): Beep<P> => {
        if (beep.status !== 'READY_TO_HIDE') return beep;
        const faded = fade(beep, config);
        commands.push(faded.command);
        return faded.beep;
      });
      return { state: { ...state, hovered: false, beeps }, commands };
    }
    case 'user_active':
    case 'user_idle': {
      const userActive = event.type === 'user_active';
      return state.userActive === userActive
        ? null
        : { state: { ...state, userActive }, commands: [] };
    }
  }
}

function resolveConfig(config: Partial<BeeperConfig>): BeeperConfig {
  const resolved: BeeperConfig = {
    idleDelayMs: config.idleDelayMs ?? BEEPER.idleDelayMs,
    activeLongDelayMs: config.activeLongDelayMs ?? BEEPER.activeLongDelayMs,
    fadeOutMs: config.fadeOutMs ?? BEEPER.fadeOutMs,
    maxVisible: config.maxVisible ?? BEEPER.maxVisible,
    soundMinIntervalMs: config.soundMinIntervalMs ?? NOTIFICATION_SOUND_MIN_INTERVAL_MS,
  };
  if (!Number.isInteger(resolved.maxVisible) || resolved.maxVisible < 1) {
    throw new CoreError('invalid_beeper_config', 'maxVisible must be an integer of at least 1');
  }
  return resolved;
}

export type BeeperReducer = <P>(
  state: BeeperState<P>,
  event: BeeperEvent<P>,
) => BeeperTransition<P>;

/** Builds a beeper reducer; events that do not apply return the same state and no commands. */
export function createBeeperReducer(config: Partial<BeeperConfig> = {}): BeeperReducer {
  const resolved = resolveConfig(config);
  return (state, event) => step(state, event, resolved) ?? { state, commands: [] };
}

/** The beeper reducer with seed section 9's delays. */
export const reduceBeeper = createBeeperReducer();
