import { useEffect, useState } from 'react';
import {
  applyLanguage,
  DEFAULT_LOCALE,
  loadCatalogue,
  type Catalogue,
  type Language,
} from './locale';

export interface Wording {
  language: Language;
  messages: Catalogue;
}

/**
 * The wording of `language` once its catalogue has loaded. A change keeps the
 * current wording until the new one is there, so the words and the page's
 * direction (`<html lang dir>`, set here) switch together, never half-way.
 * Null only while a first non-English catalogue loads.
 */
export function useWording(language: Language): Wording | null {
  const [wording, setWording] = useState<Wording | null>(() =>
    language === DEFAULT_LOCALE ? { language, messages: {} } : null,
  );
  const shown = wording?.language;
  useEffect(() => {
    if (shown === language) return;
    let live = true;
    loadCatalogue(language).then(
      (messages) => {
        if (live) setWording({ language, messages });
      },
      () => {
        // Offline before the catalogue came: English rather than nothing.
        if (live) setWording((current) => current ?? { language: DEFAULT_LOCALE, messages: {} });
      },
    );
    return () => {
      live = false;
    };
  }, [language, shown]);
  useEffect(() => {
    if (shown !== undefined) applyLanguage(document.documentElement, shown);
  }, [shown]);
  return wording;
}
