import { useSyncExternalStore } from 'react';
import { createAppearanceStore, type Appearance, type AppearanceStore } from './appearance';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page's one appearance store: started by appearance-boot, changed by the header's menu. */
export const appearanceStore: AppearanceStore = createAppearanceStore(
  localStorageOrUndefined(),
  document.documentElement,
  window,
);

export function useAppearance(): Appearance {
  return useSyncExternalStore(appearanceStore.subscribe, appearanceStore.get);
}
