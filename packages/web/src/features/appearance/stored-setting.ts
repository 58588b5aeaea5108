/**
 * A choice the person makes for the whole page (the theme, the language), kept
 * in localStorage so a reload and every other tab show the same. Plain
 * functions (no `this`), so React's useSyncExternalStore can take them apart.
 */
export interface StoredSetting<T extends string> {
  get: () => T;
  /** Stores (if storage allows), applies and tells the subscribers. */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** Follows other tabs' changes to the stored choice (and applies it first, if asked). */
  start: () => void;
}

/** The parts of `window` a setting uses, so tests can pass their own. */
export interface StorageEventSource {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

export interface StoredSettingOptions<T extends string> {
  key: string;
  /** A stored value, read defensively: anything unknown (or nothing) is the default. */
  parse: (value: string | null | undefined) => T;
  storage: Storage | undefined;
  win?: StorageEventSource | undefined;
  /** Run on every change before the subscribers hear of it (the theme writes the document). */
  apply?: (next: T) => void;
  /** Whether start() applies the stored choice at once (the theme) or only follows changes. */
  applyOnStart?: boolean;
}

export function createStoredSetting<T extends string>({
  key,
  parse,
  storage,
  win,
  apply,
  applyOnStart = false,
}: StoredSettingOptions<T>): StoredSetting<T> {
  const read = (): T => {
    try {
      return parse(storage?.getItem(key));
    } catch {
      return parse(null);
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  const change = (next: T): void => {
    current = next;
    apply?.(next);
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => current,
    set: (next) => {
      try {
        storage?.setItem(key, next);
      } catch {
        // Storage may be full or refused (private modes): the choice still holds for this page.
      }
      change(next);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => {
      if (applyOnStart) change(read());
      win?.addEventListener('storage', (event) => {
        if (event.key === key || event.key === null) change(read());
      });
    },
  };
}
