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

/** Plain functions (no `this`), so React's useSyncExternalStore can take them apart. */
export interface AppearanceStore {
  get: () => Appearance;
  /** Applies at once, stores, and tells the subscribers. */
  set: (appearance: Appearance) => void;
  subscribe: (listener: () => void) => () => void;
  /** Applies the stored choice and follows other tabs' changes to it. */
  start: () => void;
}

/** The parts of `window` the store uses, so tests can pass their own. */
export interface AppearanceWindow {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

export function createAppearanceStore(
  storage: Storage | undefined,
  root: HTMLElement,
  win?: AppearanceWindow,
): AppearanceStore {
  const read = (): Appearance => {
    try {
      return parseAppearance(storage?.getItem(APPEARANCE_STORAGE_KEY));
    } catch {
      return 'system';
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const change = (next: Appearance): void => {
    current = next;
    applyAppearance(root, next);
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => current,
    set: (next) => {
      try {
        // Storage may be full or refused (private modes): the choice still holds for this page.
        storage?.setItem(APPEARANCE_STORAGE_KEY, next);
      } catch {
        /* kept in memory only */
      }
      change(next);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => {
      change(read());
      win?.addEventListener('storage', (event) => {
        if (event.key === APPEARANCE_STORAGE_KEY || event.key === null) change(read());
      });
    },
  };
}
