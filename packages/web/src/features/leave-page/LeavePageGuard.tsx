import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { formatLocation, parseLocation } from '../../router/history';
import { useRouter } from '../../router/Router';
import { LeavePageController } from './leave-page-controller';
import { LeavePageContext } from './use-before-leave';

const loadDialog = () =>
  import('./LeavePageDialog').then((module) => ({ default: module.LeavePageDialog }));
// The dialog is needed only once something holds the page: not in the first screen's JavaScript.
const LazyLeavePageDialog = lazy(loadDialog);

/**
 * Makes before-leave hooks work for everything below it: asks the router's
 * navigations (links, back/forward) through the transition machine, shows
 * 'Leave Page?' while confirming, and arms the browser's own prompt for a
 * reload or a closed tab while a hook holds the page.
 */
export function LeavePageGuard({ children }: { children?: ReactNode }): ReactNode {
  const router = useRouter();
  const [controller] = useState(() => new LeavePageController());
  const { transition, blocking } = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
  );
  const here = formatLocation(router.location);

  useEffect(
    () => router.addBeforeLeaveHook((to) => controller.ask(formatLocation(parseLocation(to)))),
    [router, controller],
  );

  useEffect(() => {
    controller.arrived(here);
  }, [controller, here]);

  useEffect(() => {
    if (!blocking) return undefined;
    loadDialog().catch(() => undefined);
    const prompt = (event: BeforeUnloadEvent): void => {
      // preventDefault is what current browsers ask for to show their prompt.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', prompt);
    return () => {
      window.removeEventListener('beforeunload', prompt);
    };
  }, [blocking]);

  return (
    <LeavePageContext.Provider value={controller}>
      {children}
      {transition.status === 'confirming' ? (
        <Suspense fallback={null}>
          <LazyLeavePageDialog isOpen onLeave={controller.leave} onStay={controller.stay} />
        </Suspense>
      ) : null}
    </LeavePageContext.Provider>
  );
}
