import { describe, expect, it } from 'vitest';
import {
  applyLanguage,
  formattingLocale,
  loadCatalogue,
  matchLanguage,
  pickLanguage,
} from '../../i18n/locale';
import english from '../../i18n/lang/en.json';
import {
  createLanguageStore,
  LANGUAGE_STORAGE_KEY,
  parseLanguageSetting,
  resolveLanguage,
} from './language';

describe('the language choice', () => {
  it("takes the first of the browser's languages the client speaks", () => {
    expect(matchLanguage('fr-CA')).toBe('fr');
    expect(matchLanguage('AR_eg')).toBe('ar');
    expect(matchLanguage('de')).toBeNull();
    expect(pickLanguage(['de-DE', 'ar-EG', 'fr'])).toBe('ar');
    expect(pickLanguage(['de', 'ja'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it("lets the setting win over the browser's languages", () => {
    expect(resolveLanguage('auto', ['fr-FR'])).toBe('fr');
    expect(resolveLanguage('ar', ['fr-FR'])).toBe('ar');
    expect(resolveLanguage('en', ['ar'])).toBe('en');
    expect(parseLanguageSetting('ar')).toBe('ar');
    expect(parseLanguageSetting('klingon')).toBe('auto');
    expect(parseLanguageSetting(null)).toBe('auto');
  });

  it("formats dates in the browser's variant of the chosen language only", () => {
    expect(formattingLocale('en', ['en-GB', 'fr'])).toBe('en-GB');
    expect(formattingLocale('fr', ['en-GB', 'fr-CA'])).toBe('fr-CA');
    expect(formattingLocale('ar', ['en-GB'])).toBe('ar');
  });

  it('is <html lang dir>: right to left for Arabic', () => {
    const root = document.createElement('html');
    applyLanguage(root, 'ar');
    expect(root.lang).toBe('ar');
    expect(root.dir).toBe('rtl');
    applyLanguage(root, 'fr');
    expect(root.dir).toBe('ltr');
  });

  it('stores the setting and tells the subscribers', () => {
    localStorage.clear();
    const store = createLanguageStore(localStorage);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get()));
    store.set('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(createLanguageStore(localStorage).get()).toBe('ar');
    store.set('auto');
    expect(seen).toEqual(['ar', 'auto']);
  });

  it('loads a catalogue on demand; English formats from the descriptors', async () => {
    expect(await loadCatalogue('en')).toEqual({});
    const arabic = await loadCatalogue('ar');
    expect(Object.keys(arabic)).toHaveLength(Object.keys(english).length);
    expect(arabic['web.conversation.send']).toBe('إرسال');
  });
});
