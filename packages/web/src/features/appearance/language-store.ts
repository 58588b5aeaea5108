import { useSyncExternalStore } from 'react';
import { createLanguageStore, type LanguageSetting, type LanguageStore } from './language';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page's one language store: started by appearance-boot, changed by the header's menu. */
export const languageStore: LanguageStore = createLanguageStore(localStorageOrUndefined(), window);

export function useLanguageSetting(): LanguageSetting {
  return useSyncExternalStore(languageStore.subscribe, languageStore.get);
}

/** The browser's languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
