import { defineMessages } from '@messenger/core';

/** The header's appearance menu (Messenger's wording: "Appearance", "System", "Light", "Dark") and its language choice. */
export const appearanceMessages = defineMessages({
  appearance: { id: 'web.appearance.label', defaultMessage: 'Appearance' },
  system: { id: 'web.appearance.system', defaultMessage: 'System' },
  light: { id: 'web.appearance.light', defaultMessage: 'Light' },
  dark: { id: 'web.appearance.dark', defaultMessage: 'Dark' },
  /** The menu's two groups: colours, then wording. */
  theme: { id: 'web.appearance.theme', defaultMessage: 'Theme' },
  language: { id: 'web.appearance.language', defaultMessage: 'Language' },
  /** The language setting that follows the browser's languages (navigator.languages). */
  languageAuto: { id: 'web.appearance.languageAuto', defaultMessage: 'Browser default' },
});
