import { EMBED_PATH } from '../../router/routes';
import { settingsFromSearch } from '../embed/embed-settings';
import { applyAppearance } from './appearance';
import { appearanceStore } from './appearance-store';

/*
 * main.tsx imports this first, so the theme is on <html> before React renders
 * anything (the CSP allows no inline script in index.html to do it sooner).
 * The embed's frame follows its host's theme (the kit's `theme` parameter,
 * then setTheme), never the person's choice stored for the messenger itself.
 */
const { pathname, search } = window.location;
if (pathname === EMBED_PATH || pathname.startsWith(`${EMBED_PATH}/`)) {
  document.documentElement.dataset.embed = '';
  applyAppearance(document.documentElement, settingsFromSearch(search).theme ?? 'light');
} else {
  appearanceStore.start();
}
