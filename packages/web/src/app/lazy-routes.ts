import type { FunnelDashboardPageProps } from '../features/analytics/FunnelDashboardPage';
import type { MessengerPageProps } from '../features/messenger/MessengerPage';
import { lazyRoute } from '../lib/bootload';

/**
 * Screens loaded on demand, each its own chunk, so the first screen (login or
 * the host page) ships less JavaScript. A failed chunk load reloads the page.
 */
export const LazyMessengerPage = lazyRoute<MessengerPageProps>(() =>
  import('../features/messenger/MessengerPage').then((module) => ({
    default: module.MessengerPage,
  })),
);

/** Staff only, and rarely opened: its own chunk. */
export const LazyFunnelDashboardPage = lazyRoute<FunnelDashboardPageProps>(() =>
  import('../features/analytics/FunnelDashboardPage').then((module) => ({
    default: module.FunnelDashboardPage,
  })),
);
