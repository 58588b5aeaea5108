import { LANGUAGES, pickLanguage, type Language } from '../../i18n/locale';

/**
 * The person's choice of language: the browser's ('auto', the default) or
 * one the client speaks. Kept in localStorage like the theme, so a reload and
 * every other tab show the same; `<html lang dir>` follow it.
 */
export const LANGUAGE_SETTINGS = ['auto', ...LANGUAGES] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

export const LANGUAGE_STORAGE_KEY = 'messenger.language';

/** A stored value, read defensively: anything unknown (or nothing) is the browser's. */
export function parseLanguageSetting(value: string | null | undefined): LanguageSetting {
  return LANGUAGE_SETTINGS.includes(value as LanguageSetting) ? (value as LanguageSetting) : 'auto';
}

/** The language a setting means for a browser preferring `preferred` (navigator.languages). */
export function resolveLanguage(setting: LanguageSetting, preferred: readonly string[]): Language {
  return setting === 'auto' ? pickLanguage(preferred) : setting;
}

export interface LanguageStore {
  get: () => LanguageSetting;
  /** Stores and tells the subscribers (the app applies it once its wording has loaded). */
  set: (setting: LanguageSetting) => void;
  subscribe: (listener: () => void) => () => void;
  /** Follows other tabs' changes to the stored choice. */
  start: () => void;
}

export interface LanguageWindow {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

export function createLanguageStore(
  storage: Storage | undefined,
  win?: LanguageWindow,
): LanguageStore {
  const read = (): LanguageSetting => {
    try {
      return parseLanguageSetting(storage?.getItem(LANGUAGE_STORAGE_KEY));
    } catch {
      return 'auto';
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const change = (next: LanguageSetting): void => {
    current = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => current,
    set: (next) => {
      try {
        storage?.setItem(LANGUAGE_STORAGE_KEY, next);
      } catch {
        /* kept in memory only (storage full or refused) */
      }
      change(next);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => {
      win?.addEventListener('storage', (event) => {
        if (event.key === LANGUAGE_STORAGE_KEY || event.key === null) change(read());
      });
    },
  };
}
