import type { RequestsBodyProps } from '../requests/RequestsBody';
import type { ThreadListBodyProps } from '../thread-list/ThreadListBody';
import { lazyRoute } from '../../lib/bootload';

/*
 * The regions' Relay-reading bodies, each its own chunk loaded on demand
 * (a failed load reloads the page, app/bootload.ts). The messenger page's
 * own chunk stays small and free of Relay, so it renders its landmarks first.
 * The conversation's is conversation/lazy-conversation-body.ts (chat tabs show it too).
 */

export const LazyThreadListBody = lazyRoute<ThreadListBodyProps>(() =>
  import('../thread-list/ThreadListBody').then((module) => ({ default: module.ThreadListBody })),
);

export const LazyRequestsBody = lazyRoute<RequestsBodyProps>(() =>
  import('../requests/RequestsBody').then((module) => ({ default: module.RequestsBody })),
);
