/**
 * Browser history for the client router (seed 2: "Browser history uses
 * pushState, with a fragment fallback").
 *
 * - `path` mode: `history.pushState`/`replaceState` and `popstate`; URLs read
 *   `/messages/thread/42`.
 * - `fragment` mode, when pushState is unavailable: the route lives after `#`
 *   (`/#/messages/thread/42`) and changes arrive as `hashchange`.
 *
 * A link copied from a fragment-mode browser (`/#/messages`) still opens the
 * right screen in path mode: the fragment is moved into the path on start.
 */

export type HistoryMode = 'path' | 'fragment';

/** A location inside the app: `path` always starts with '/', `search` is '' or starts with '?'. */
export interface AppLocation {
  path: string;
  search: string;
}

export interface AppHistory {
  readonly mode: HistoryMode;
  location: () => AppLocation;
  /** The `href` to render for a link to `to` (`#/x` in fragment mode). */
  href: (to: string) => string;
  push: (to: string) => void;
  replace: (to: string) => void;
  /** Called after every change of location, whoever caused it; returns the unsubscribe. */
  listen: (listener: () => void) => () => void;
}

/** The parts of `window` the history uses, so that tests can pass a fake one. */
export interface HistoryWindow {
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'> & { hash: string };
  history: Partial<Pick<History, 'pushState' | 'replaceState'>>;
  addEventListener(type: 'popstate' | 'hashchange', listener: () => void): void;
  removeEventListener(type: 'popstate' | 'hashchange', listener: () => void): void;
}

export function supportsPushState(win: HistoryWindow): boolean {
  return (
    typeof win.history.pushState === 'function' && typeof win.history.replaceState === 'function'
  );
}

/** Splits `/a/b?x=1` into path and search; a missing or relative path becomes '/'. */
export function parseLocation(to: string): AppLocation {
  const hashless = to.split('#')[0] ?? '';
  const queryAt = hashless.indexOf('?');
  const path = queryAt === -1 ? hashless : hashless.slice(0, queryAt);
  const search = queryAt === -1 ? '' : hashless.slice(queryAt);
  return { path: path.startsWith('/') ? path : `/${path}`, search: search === '?' ? '' : search };
}

export function formatLocation(location: AppLocation): string {
  return `${location.path}${location.search}`;
}

/**
 * The replace error that some browsers raise when a page calls replaceState
 * too often (a SecurityError, legacy code 18) is swallowed: the URL is then
 * merely a step behind, which is harmless. Any other error propagates.
 */
export function isSwallowedReplaceError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 18;
}

function isFragmentRoute(hash: string): boolean {
  return hash.startsWith('#/');
}

export function createBrowserHistory(
  win: HistoryWindow,
  mode: HistoryMode = supportsPushState(win) ? 'path' : 'fragment',
): AppHistory {
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };

  if (mode === 'path') {
    const pushState = win.history.pushState?.bind(win.history);
    const replaceState = win.history.replaceState?.bind(win.history);
    if (pushState === undefined || replaceState === undefined) {
      throw new Error('path mode needs history.pushState and history.replaceState');
    }
    const safeReplace = (to: string): void => {
      try {
        replaceState(null, '', to);
      } catch (error) {
        if (!isSwallowedReplaceError(error)) throw error;
      }
    };
    if (isFragmentRoute(win.location.hash)) safeReplace(win.location.hash.slice(1));
    win.addEventListener('popstate', notify);
    return {
      mode,
      location: () => ({ path: win.location.pathname || '/', search: win.location.search }),
      href: (to) => to,
      push(to) {
        pushState(null, '', to);
        notify();
      },
      replace(to) {
        safeReplace(to);
        notify();
      },
      listen(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }

  win.addEventListener('hashchange', notify);
  return {
    mode,
    location: () =>
      isFragmentRoute(win.location.hash)
        ? parseLocation(win.location.hash.slice(1))
        : { path: win.location.pathname || '/', search: win.location.search },
    href: (to) => `#${to}`,
    push(to) {
      // Assigning the hash adds an entry and fires hashchange, which notifies.
      win.location.hash = `#${to}`;
    },
    replace(to) {
      win.location.replace(`#${to}`);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
