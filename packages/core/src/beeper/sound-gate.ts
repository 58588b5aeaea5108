import { NOTIFICATION_SOUND_MIN_INTERVAL_MS } from '../constants';

/**
 * Whether a notification sound may play now: never more often than once per
 * minimum interval (seed 9: 5000 ms). A clock that went backwards stays silent
 * until the interval has passed since the last sound.
 */
export function soundGate(
  lastPlayedAt: number | null,
  now: number,
  minIntervalMs: number = NOTIFICATION_SOUND_MIN_INTERVAL_MS,
): boolean {
  return lastPlayedAt === null || now - lastPlayedAt >= minIntervalMs;
}

export interface SoundThrottle {
  lastPlayedAt: number | null;
}

export const INITIAL_SOUND_THROTTLE: SoundThrottle = { lastPlayedAt: null };

/** Asks to play a sound at `now`; only a sound that plays moves the throttle on. */
export function requestSound(
  throttle: SoundThrottle,
  now: number,
  minIntervalMs: number = NOTIFICATION_SOUND_MIN_INTERVAL_MS,
): { play: boolean; throttle: SoundThrottle } {
  if (!soundGate(throttle.lastPlayedAt, now, minIntervalMs)) return { play: false, throttle };
  return { play: true, throttle: { lastPlayedAt: now } };
}
