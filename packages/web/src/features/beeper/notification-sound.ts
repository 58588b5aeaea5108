/** The parts of `window` the sound uses, so tests can pass a fake one. */
export interface SoundWindow {
  AudioContext?: new () => AudioContext;
  addEventListener(type: 'pointerdown' | 'keydown', listener: () => void, capture: boolean): void;
  removeEventListener(
    type: 'pointerdown' | 'keydown',
    listener: () => void,
    capture: boolean,
  ): void;
}

export interface NotificationSound {
  /** Whether a user gesture has happened and Web Audio exists. */
  ready: () => boolean;
  /** A short beep; does nothing (and never throws) when audio is unavailable. */
  play: () => void;
  dispose: () => void;
}

/** The beep: a short sine at 880 Hz, faded in and out so it does not click (our choice). */
const FREQUENCY_HZ = 880;
const DURATION_S = 0.18;
const VOLUME = 0.15;

/**
 * The notification sound with Web Audio. Browsers let a page start audio only
 * after the person interacted with it, so the audio context is made (or
 * resumed) inside the first pointer or key gesture, and nothing plays before.
 */
export function createNotificationSound(win: SoundWindow): NotificationSound {
  let context: AudioContext | null = null;
  let gestured = false;

  const onGesture = (): void => {
    gestured = true;
    try {
      if (context === null && win.AudioContext !== undefined) context = new win.AudioContext();
      if (context?.state === 'suspended') void context.resume().catch(() => undefined);
    } catch {
      context = null;
    }
  };
  win.addEventListener('pointerdown', onGesture, true);
  win.addEventListener('keydown', onGesture, true);

  return {
    ready: () => gestured && context !== null,
    play: () => {
      if (!gestured || context === null) return;
      try {
        const start = context.currentTime;
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.value = FREQUENCY_HZ;
        gain.gain.setValueAtTime(0, start);
        gain.gain.linearRampToValueAtTime(VOLUME, start + 0.02);
        gain.gain.linearRampToValueAtTime(0, start + DURATION_S);
        oscillator.connect(gain);
        gain.connect(context.destination);
        oscillator.start(start);
        oscillator.stop(start + DURATION_S);
      } catch {
        // No sound is better than a broken page.
      }
    },
    dispose: () => {
      win.removeEventListener('pointerdown', onGesture, true);
      win.removeEventListener('keydown', onGesture, true);
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}
