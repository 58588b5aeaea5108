import { LANGUAGES, pickLanguage, type Language } from '../../i18n/locale';
import { createStoredSetting, type StorageEventSource, type StoredSetting } from './stored-setting';

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

export type LanguageStore = StoredSetting<LanguageSetting>;

/** The language setting: stored, and followed across tabs; the app applies it once its wording has loaded. */
export function createLanguageStore(
  storage: Storage | undefined,
  win?: StorageEventSource,
): LanguageStore {
  return createStoredSetting({
    key: LANGUAGE_STORAGE_KEY,
    parse: parseLanguageSetting,
    storage,
    win,
  });
}
