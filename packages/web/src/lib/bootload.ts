import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Seed 8: "Bootload errors force a full page reload." A lazy route whose chunk
 * fails to load (a deploy replaced the hashed files, the network dropped)
 * reloads the page, which fetches the new index.html and its chunks.
 *
 * A reload that happened moments ago for the same reason is not repeated (the
 * chunk may be truly gone): the error then reaches the error boundary, which
 * offers a reload button instead of looping.
 */

export const RELOAD_GUARD_KEY = 'messenger.bootload_reload_at';
export const RELOAD_GUARD_MS = 10_000;

export interface BootloadEnv {
  reload: () => void;
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
}

export function browserBootloadEnv(): BootloadEnv {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return {
    reload: () => {
      window.location.reload();
    },
    now: () => Date.now(),
    storage,
  };
}

/** True when a reload should happen now (and records it); false inside the guard window. */
export function claimReload(env: BootloadEnv): boolean {
  const now = env.now();
  try {
    const last = Number(env.storage?.getItem(RELOAD_GUARD_KEY) ?? Number.NaN);
    if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    env.storage?.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // Without storage there is no loop guard; reloading is still the seed's rule.
  }
  return true;
}

export class BootloadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded.', { cause });
    this.name = 'BootloadError';
  }
}

/** Loads a module; on failure reloads the page (and never resolves), or throws BootloadError. */
export async function bootload<T>(load: () => Promise<T>, env: BootloadEnv): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (claimReload(env)) {
      env.reload();
      return new Promise<T>(() => undefined);
    }
    throw new BootloadError(error);
  }
}

/** React.lazy with the bootload rule. */
export function lazyRoute<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  env: () => BootloadEnv = browserBootloadEnv,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => bootload(load, env()));
}
