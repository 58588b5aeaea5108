import english from './lang/en.json';

export { DEFAULT_LOCALE } from './locale';

/**
 * The English catalogue (id → message): every descriptor of core and the web
 * as the formatjs extractor found them (`npm run -w @messenger/web
 * i18n:extract`), so no layer has to import every feature to assemble it.
 * The app itself formats English from the descriptors' defaults (locale.ts);
 * tests and benchmarks render with this to catch an id missing from it.
 */
export const englishMessages: Readonly<Record<string, string>> = english;
