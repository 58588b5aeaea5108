import type { MessengerPageProps } from '../features/messenger/MessengerPage';
import { lazyRoute } from './bootload';

/**
 * Screens loaded on demand, each its own chunk, so the first screen (login or
 * the host page) ships less JavaScript. A failed chunk load reloads the page.
 */
export const LazyMessengerPage = lazyRoute<MessengerPageProps>(() =>
  import('../features/messenger/MessengerPage').then((module) => ({
    default: module.MessengerPage,
  })),
);
