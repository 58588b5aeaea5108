import { createStoredSetting, type StorageEventSource, type StoredSetting } from './stored-setting';

/**
 * The person's choice of colours: follow the system, or always light, or
 * always dark. The choice is `<html data-theme>` ('light' or 'dark'; absent
 * for the system, where ui/tokens.css's media query decides), kept in
 * localStorage so a reload, and every other tab, shows the same.
 */
export const APPEARANCES = ['system', 'light', 'dark'] as const;
export type Appearance = (typeof APPEARANCES)[number];

export const APPEARANCE_STORAGE_KEY = 'messenger.appearance';

/** A stored value, read defensively: anything unknown (or nothing) is the system's. */
export function parseAppearance(value: string | null | undefined): Appearance {
  return APPEARANCES.includes(value as Appearance) ? (value as Appearance) : 'system';
}

/** The one place that writes the theme on the document (the embed's setTheme uses it too). */
export function applyAppearance(root: HTMLElement, appearance: Appearance): void {
  if (appearance === 'system') delete root.dataset.theme;
  else root.dataset.theme = appearance;
}

export type AppearanceStore = StoredSetting<Appearance>;

/** The theme setting: applied to `root` at start and on every change, stored, followed across tabs. */
export function createAppearanceStore(
  storage: Storage | undefined,
  root: HTMLElement,
  win?: StorageEventSource,
): AppearanceStore {
  return createStoredSetting({
    key: APPEARANCE_STORAGE_KEY,
    parse: parseAppearance,
    storage,
    win,
    apply: (next) => {
      applyAppearance(root, next);
    },
    applyOnStart: true,
  });
}
