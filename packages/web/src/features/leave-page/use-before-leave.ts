import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { LeavePageController, LeaveScope } from './leave-page-controller';
import type { TransitionState } from './transition';

export const LeavePageContext = createContext<LeavePageController | null>(null);

/**
 * A before-leave hook: while `shouldBlock` is true, leaving the page (a link,
 * the back button, a reload or closing the tab) first asks 'Leave Page?'.
 * With scope 'unload' only a reload or a closed tab asks (the browser's own
 * prompt): what it holds goes on across the app's pages.
 * Outside a LeavePageGuard (a component rendered alone in a test) it does nothing.
 */
export function useBeforeLeave(shouldBlock: boolean, scope: LeaveScope = 'navigation'): void {
  const controller = useContext(LeavePageContext);
  useEffect(() => {
    if (!shouldBlock || controller === null) return undefined;
    return controller.hold(scope);
  }, [controller, shouldBlock, scope]);
}

const IDLE_SNAPSHOT = (): null => null;
const NO_SUBSCRIPTION = (): (() => void) => () => undefined;

/** The current page transition (idle, confirming, in-flight, complete), or null outside a guard. */
export function usePageTransition(): TransitionState | null {
  const controller = useContext(LeavePageContext);
  return useSyncExternalStore(
    controller?.subscribe ?? NO_SUBSCRIPTION,
    controller === null ? IDLE_SNAPSHOT : () => controller.getSnapshot().transition,
  );
}
