import { useSyncExternalStore } from 'react';
import type { EmbedSettings } from '../appearance/embed-search';

/*
 * What the host page set through the kit: the theme and the language. Held
 * outside React (an external store) because the app's IntlProvider, above the
 * routes, reads the language, and the embed's bridge, below them, writes it.
 */

// The page's, not a login's: the host's frame sets it before and across sign-ins.
let settings: EmbedSettings = { theme: 'light', language: null };
const listeners = new Set<() => void>();

export function setEmbedSettings(change: Partial<EmbedSettings>): void {
  const next = { ...settings, ...change };
  if (next.theme === settings.theme && next.language === settings.language) return;
  settings = next;
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useEmbedSettings(): EmbedSettings {
  return useSyncExternalStore(subscribe, () => settings);
}
