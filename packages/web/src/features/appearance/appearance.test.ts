import { beforeEach, describe, expect, it } from 'vitest';
import {
  APPEARANCE_STORAGE_KEY,
  applyAppearance,
  createAppearanceStore,
  parseAppearance,
} from './appearance';
import type { StorageEventSource } from './stored-setting';

class FakeWindow implements StorageEventSource {
  listeners: ((event: StorageEvent) => void)[] = [];
  addEventListener(_type: 'storage', listener: (event: StorageEvent) => void): void {
    this.listeners.push(listener);
  }
  fire(key: string | null): void {
    for (const listener of this.listeners) listener(new StorageEvent('storage', { key }));
  }
}

describe('the appearance choice', () => {
  let root: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    root = document.createElement('html');
  });

  it('reads anything unknown as the system', () => {
    expect(parseAppearance('dark')).toBe('dark');
    expect(parseAppearance('light')).toBe('light');
    expect(parseAppearance(null)).toBe('system');
    expect(parseAppearance('sepia')).toBe('system');
  });

  it('is data-theme on the root, absent for the system', () => {
    applyAppearance(root, 'dark');
    expect(root.dataset.theme).toBe('dark');
    applyAppearance(root, 'system');
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('applies the stored choice on start', () => {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, 'light');
    const store = createAppearanceStore(localStorage, root);
    store.start();
    expect(store.get()).toBe('light');
    expect(root.dataset.theme).toBe('light');
  });

  it('applies a choice at once, stores it and tells the subscribers', () => {
    const store = createAppearanceStore(localStorage, root);
    store.start();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get()));
    store.set('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(localStorage.getItem(APPEARANCE_STORAGE_KEY)).toBe('dark');
    store.set('system');
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(seen).toEqual(['dark', 'system']);
  });

  it("follows another tab's choice", () => {
    const win = new FakeWindow();
    const store = createAppearanceStore(localStorage, root, win);
    store.start();
    localStorage.setItem(APPEARANCE_STORAGE_KEY, 'dark');
    win.fire(APPEARANCE_STORAGE_KEY);
    expect(root.dataset.theme).toBe('dark');
  });

  it('still applies when storage refuses the write', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createAppearanceStore(refusing, root);
    store.set('dark');
    expect(root.dataset.theme).toBe('dark');
  });
});
