import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { formatLocation, parseLocation, type AppHistory, type AppLocation } from './history';

/**
 * A hook run before the app leaves the current page (the seed's before-leave
 * hooks, e.g. the leave-page dialog on an unsent draft). Resolve false to stay.
 */
export type BeforeLeaveHook = (to: string) => boolean | Promise<boolean>;

export interface NavigateOptions {
  replace?: boolean;
}

export interface Router {
  history: AppHistory;
  location: AppLocation;
  /** Runs the before-leave hooks, then changes the location; resolves false when a hook refused. */
  navigate: (to: string, options?: NavigateOptions) => Promise<boolean>;
  addBeforeLeaveHook: (hook: BeforeLeaveHook) => () => void;
}

const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (router === null) throw new Error('useRouter needs a <RouterProvider>');
  return router;
}

/** The router, or null outside a <RouterProvider> (a widget tested on its own). */
export function useOptionalRouter(): Router | null {
  return useContext(RouterContext);
}

export function useLocation(): AppLocation {
  return useRouter().location;
}

/** One cached snapshot per distinct URL, as useSyncExternalStore needs stable values. */
function useHistoryLocation(history: AppHistory): AppLocation {
  const cache = useMemo(() => ({ key: '', value: history.location() }), [history]);
  const getSnapshot = useCallback(() => {
    const next = history.location();
    const key = formatLocation(next);
    if (key !== cache.key) {
      cache.key = key;
      cache.value = next;
    }
    return cache.value;
  }, [history, cache]);
  return useSyncExternalStore(
    useCallback((fn) => history.listen(fn), [history]),
    getSnapshot,
  );
}

/**
 * Asks the hooks in turn, synchronously as long as they answer synchronously
 * (so the back button is not delayed when nothing blocks).
 */
function beforeLeave(
  hooks: ReadonlySet<BeforeLeaveHook>,
): (to: string) => boolean | Promise<boolean> {
  return (to) => {
    const pending = [...hooks];
    const next = (): boolean | Promise<boolean> => {
      for (let hook = pending.shift(); hook !== undefined; hook = pending.shift()) {
        const answer = hook(to);
        if (answer === false) return false;
        if (answer !== true) return answer.then((allowed) => allowed && next());
      }
      return true;
    };
    return next();
  };
}

export function RouterProvider({
  history,
  children,
}: {
  history: AppHistory;
  children: ReactNode;
}): ReactNode {
  const location = useHistoryLocation(history);
  const hooks = useMemo(() => new Set<BeforeLeaveHook>(), []);
  const askHooks = useMemo(() => beforeLeave(hooks), [hooks]);

  const navigate = useCallback(
    async (to: string, options: NavigateOptions = {}): Promise<boolean> => {
      // Staying on the same location is not leaving it.
      const stays = formatLocation(parseLocation(to)) === formatLocation(history.location());
      if (!stays && !(await askHooks(to))) return false;
      if (options.replace === true) history.replace(to);
      else history.push(to);
      return true;
    },
    [history, askHooks],
  );

  // The back and forward buttons ask the same hooks.
  useEffect(() => {
    history.setLeaveGuard(askHooks);
    return () => {
      history.setLeaveGuard(null);
    };
  }, [history, askHooks]);

  const addBeforeLeaveHook = useCallback(
    (hook: BeforeLeaveHook) => {
      hooks.add(hook);
      return () => {
        hooks.delete(hook);
      };
    },
    [hooks],
  );

  const router = useMemo<Router>(
    () => ({ history, location, navigate, addBeforeLeaveHook }),
    [history, location, navigate, addBeforeLeaveHook],
  );

  // React Aria's links and menu items navigate through the same router.
  const ariaNavigate = useCallback(
    (to: string) => {
      void navigate(to);
    },
    [navigate],
  );

  return (
    <RouterContext.Provider value={router}>
      <AriaRouterProvider navigate={ariaNavigate} useHref={history.href}>
        {children}
      </AriaRouterProvider>
    </RouterContext.Provider>
  );
}
