import { EMBED_THEMES, type EmbedTheme } from '@messenger/core';
import { useSyncExternalStore } from 'react';

/*
 * What the host page set through the kit: the theme and the language. Held
 * outside React (an external store) because the app's IntlProvider, above the
 * routes, reads the language, and the embed's bridge, below them, writes it.
 */
export interface EmbedSettings {
  theme: EmbedTheme;
  /** A BCP 47 tag, or null: the browser's own. */
  language: string | null;
}

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

/** A language tag Intl knows, or null. */
export function supportedLanguage(tag: string | null): string | null {
  if (tag === null || tag === '') return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The kit passes the host's first settings in the frame's address (`theme`, `language`). */
export function settingsFromSearch(search: string): Partial<EmbedSettings> {
  const params = new URLSearchParams(search);
  const theme = params.get('theme');
  const language = supportedLanguage(params.get('language'));
  return {
    ...(EMBED_THEMES.includes(theme as EmbedTheme) ? { theme: theme as EmbedTheme } : {}),
    ...(language === null ? {} : { language }),
  };
}
