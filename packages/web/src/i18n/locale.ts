/**
 * The languages the client speaks and how one is chosen. English is the
 * descriptors' own wording (no catalogue to load); French and Arabic are
 * catalogues translated from the extracted lang/en.json, each loaded on
 * demand so the first screen carries no wording twice.
 */
export const DEFAULT_LOCALE = 'en';
export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const RTL: ReadonlySet<Language> = new Set(['ar']);

/** The language of a BCP 47 tag ('fr-CA' → 'fr'), or null when the client does not speak it. */
export function matchLanguage(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGES.includes(primary as Language) ? (primary as Language) : null;
}

/** The first of the browser's languages the client speaks; English when none. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = matchLanguage(tag);
    if (language !== null) return language;
  }
  return DEFAULT_LOCALE;
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return RTL.has(language) ? 'rtl' : 'ltr';
}

/** The one place that writes the language on the document: its tag and its direction. */
export function applyLanguage(root: HTMLElement, language: Language): void {
  root.lang = language;
  root.dir = directionOf(language);
}

/**
 * The locale dates and numbers format in: the browser's own tag when it is of
 * the chosen language (an 'en-GB' reader keeps day-month dates), otherwise the
 * language itself, so a date never mixes with wording of another language.
 */
export function formattingLocale(language: Language, preferred: readonly string[]): string {
  for (const tag of preferred) {
    if (matchLanguage(tag) !== language) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical !== undefined) return canonical;
    } catch {
      // A malformed tag from an odd browser: the language's own locale.
    }
  }
  return language;
}

export type Catalogue = Readonly<Record<string, string>>;

const loaded = new Map<Language, Promise<Catalogue>>();

/** A language's catalogue; English's is empty (react-intl formats the descriptors' defaults). */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  let catalogue = loaded.get(language);
  if (catalogue === undefined) {
    catalogue = importCatalogue(language);
    // A failed load (offline) may be tried again on the next choice.
    catalogue.catch(() => loaded.delete(language));
    loaded.set(language, catalogue);
  }
  return catalogue;
}

function importCatalogue(language: Language): Promise<Catalogue> {
  switch (language) {
    case 'en':
      return Promise.resolve({});
    case 'fr':
      return import('./lang/fr.json').then((module) => module.default);
    case 'ar':
      return import('./lang/ar.json').then((module) => module.default);
  }
}
