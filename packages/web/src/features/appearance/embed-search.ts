import { EMBED_THEMES, type EmbedTheme } from '@messenger/core';

/*
 * The embed's settings as its frame's address carries them. Here, not in the
 * embed, because appearance boot reads them before React starts, and the
 * embed already depends on appearance (one direction between the two).
 */
export interface EmbedSettings {
  theme: EmbedTheme;
  /** A BCP 47 tag, or null: the browser's own. */
  language: string | null;
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
