/**
 * The viewer's locale and time zone, as the browser reports them. Dates and
 * numbers format in that locale (the wording stays the catalogue's); days
 * are counted in that zone.
 */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function viewerLocale(fallback: string): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  if (language === undefined || language === '') return fallback;
  try {
    return Intl.getCanonicalLocales(language)[0] ?? fallback;
  } catch {
    // A malformed language tag from an odd browser: the catalogue's own locale.
    return fallback;
  }
}
