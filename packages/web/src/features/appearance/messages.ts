import { defineMessages } from '@messenger/core';

/** The header's appearance menu (Messenger's wording: "Appearance", "System", "Light", "Dark"). */
export const appearanceMessages = defineMessages({
  appearance: { id: 'web.appearance.label', defaultMessage: 'Appearance' },
  system: { id: 'web.appearance.system', defaultMessage: 'System' },
  light: { id: 'web.appearance.light', defaultMessage: 'Light' },
  dark: { id: 'web.appearance.dark', defaultMessage: 'Dark' },
});
