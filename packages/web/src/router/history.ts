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
  /**
   * Asked before the back or forward button changes the page (the router's
   * before-leave hooks). While it answers, the URL is put back; it moves on
   * only if the answer is true.
   */
  setLeaveGuard: (guard: LeaveGuard | null) => void;
}

/** Whether the app may leave for `to`; synchronous when nobody needs to be asked. */
export type LeaveGuard = (to: string) => boolean | Promise<boolean>;

/** The parts of `window` the history uses, so that tests can pass a fake one. */
export interface HistoryWindow {
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'> & { hash: string };
  history: Partial<Pick<History, 'pushState' | 'replaceState' | 'go' | 'state'>>;
  addEventListener(type: 'popstate' | 'hashchange', listener: (event: Event) => void): void;
  removeEventListener(type: 'popstate' | 'hashchange', listener: (event: Event) => void): void;
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

/** The position of a history entry this app wrote, kept in `history.state`. */
function indexOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('appIndex' in state)) return null;
  return typeof state.appIndex === 'number' ? state.appIndex : null;
}

/** How a history undoes and redoes a back/forward step it was told about after the fact. */
interface PopControl {
  /** Where the browser went. */
  to: string;
  /** Puts the shown page's URL back; `false` from the guard ends here. */
  undo: () => void;
  /** Goes where the browser went after all; the page updates (now or on the next event). */
  redo: () => void;
  /** Accepts the step as it is: the page updates now. */
  commit: () => void;
}

/**
 * Back/forward under a leave guard. The URL has already changed when the
 * browser tells us, so while the guard is asked the URL is put back, and it
 * moves on only if the answer is yes.
 */
function guardPop(guard: LeaveGuard | null, control: PopControl): void {
  const verdict = guard === null ? true : guard(control.to);
  if (verdict === true) {
    control.commit();
    return;
  }
  control.undo();
  if (verdict === false) return;
  void verdict.then(
    (allowed) => {
      if (allowed) control.redo();
    },
    () => undefined,
  );
}

export function createBrowserHistory(
  win: HistoryWindow,
  mode: HistoryMode = supportsPushState(win) ? 'path' : 'fragment',
): AppHistory {
  const listeners = new Set<() => void>();
  let guard: LeaveGuard | null = null;
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };
  const setLeaveGuard = (next: LeaveGuard | null): void => {
    guard = next;
  };
  const listen = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  if (mode === 'path') {
    const pushState = win.history.pushState?.bind(win.history);
    const replaceState = win.history.replaceState?.bind(win.history);
    if (pushState === undefined || replaceState === undefined) {
      throw new Error('path mode needs history.pushState and history.replaceState');
    }
    const go = win.history.go?.bind(win.history) ?? null;
    const currentUrl = (): string =>
      formatLocation({ path: win.location.pathname || '/', search: win.location.search });
    // Entries carry their position, so a refused back/forward is undone by
    // going the same distance the other way, keeping the history intact.
    let index = indexOf(win.history.state) ?? 0;
    let shown = '';
    /** popstates our own `go` causes: followed, never asked about. */
    let ownPops = 0;
    const safeReplace = (to: string): void => {
      try {
        replaceState({ appIndex: index }, '', to);
      } catch (error) {
        if (!isSwallowedReplaceError(error)) throw error;
      }
      shown = currentUrl();
    };
    const push = (to: string): void => {
      index += 1;
      pushState({ appIndex: index }, '', to);
      shown = currentUrl();
    };
    safeReplace(isFragmentRoute(win.location.hash) ? win.location.hash.slice(1) : currentUrl());
    win.addEventListener('popstate', (event) => {
      const target = indexOf((event as PopStateEvent).state);
      const arrive = (): void => {
        index = target ?? index;
        if (currentUrl() === shown) return;
        shown = currentUrl();
        notify();
      };
      if (ownPops > 0) {
        ownPops -= 1;
        arrive();
        return;
      }
      const from = shown;
      const to = currentUrl();
      const delta = target === null ? 0 : target - index;
      const goOwn = (steps: number): void => {
        ownPops += 1;
        go?.(steps);
      };
      const exact = go !== null && delta !== 0;
      guardPop(guard, {
        to,
        undo: () => {
          if (exact) goOwn(-delta);
          else push(from);
        },
        redo: () => {
          if (exact) goOwn(delta);
          else {
            push(to);
            notify();
          }
        },
        commit: arrive,
      });
    });
    return {
      mode,
      location: () => ({ path: win.location.pathname || '/', search: win.location.search }),
      href: (to) => to,
      push(to) {
        push(to);
        notify();
      },
      replace(to) {
        safeReplace(to);
        notify();
      },
      listen,
      setLeaveGuard,
    };
  }

  const route = (): string =>
    isFragmentRoute(win.location.hash)
      ? formatLocation(parseLocation(win.location.hash.slice(1)))
      : formatLocation({ path: win.location.pathname || '/', search: win.location.search });
  let shown = route();
  /** hashchanges the app causes itself (its own navigations, undo, redo): never asked about. */
  let ownChanges = 0;
  const setHash = (to: string, replace: boolean): void => {
    if (win.location.hash === `#${to}`) return;
    ownChanges += 1;
    if (replace) win.location.replace(`#${to}`);
    else win.location.hash = `#${to}`;
  };
  win.addEventListener('hashchange', () => {
    const arrive = (): void => {
      if (route() === shown) return;
      shown = route();
      notify();
    };
    if (ownChanges > 0) {
      ownChanges -= 1;
      arrive();
      return;
    }
    const from = shown;
    const to = route();
    // No entry positions without pushState: a refused step is undone by a
    // replace, and one allowed after asking is added again.
    guardPop(guard, {
      to,
      undo: () => {
        setHash(from, true);
      },
      redo: () => {
        setHash(to, false);
      },
      commit: arrive,
    });
  });
  return {
    mode,
    location: () =>
      isFragmentRoute(win.location.hash)
        ? parseLocation(win.location.hash.slice(1))
        : { path: win.location.pathname || '/', search: win.location.search },
    href: (to) => `#${to}`,
    push(to) {
      // The hashchange this causes updates the page.
      setHash(to, false);
    },
    replace(to) {
      setHash(to, true);
    },
    listen,
    setLeaveGuard,
  };
}
