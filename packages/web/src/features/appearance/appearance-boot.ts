import { applyLanguage, loadCatalogue, type Language } from '../../i18n/locale';
import { EMBED_PATH } from '../../router/routes';
import { applyAppearance } from './appearance';
import { appearanceStore } from './appearance-store';
import { settingsFromSearch } from './embed-search';
import { resolveLanguage } from './language';
import { browserLanguages, languageStore } from './language-store';

/*
 * main.tsx imports this first, so the theme and the language's direction are
 * on <html> before React renders anything (the CSP allows no inline script in
 * index.html to do it sooner), and a non-English catalogue starts loading
 * beside the code. The embed's frame follows its host's theme and language
 * (the kit's parameters, then its commands), never the person's choices
 * stored for the messenger itself.
 */
const { pathname, search } = window.location;
let language: Language;
if (pathname === EMBED_PATH || pathname.startsWith(`${EMBED_PATH}/`)) {
  document.documentElement.dataset.embed = '';
  const settings = settingsFromSearch(search);
  applyAppearance(document.documentElement, settings.theme ?? 'light');
  language = resolveLanguage('auto', settings.language ? [settings.language] : browserLanguages());
} else {
  appearanceStore.start();
  languageStore.start();
  language = resolveLanguage(languageStore.get(), browserLanguages());
}
applyLanguage(document.documentElement, language);
loadCatalogue(language).catch(() => undefined);
