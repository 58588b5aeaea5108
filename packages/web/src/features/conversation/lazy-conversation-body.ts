import { lazyRoute } from '../../lib/bootload';
import type { ConversationBodyProps } from './ConversationBody';

/*
 * The conversation's Relay-reading body, its own chunk loaded on demand (a
 * failed load reloads the page, app/bootload.ts), like messenger/lazy-bodies.ts.
 * Here, not in messenger/, because the chat tabs show it too: both import it
 * from the conversation, so the tabs need not import the messenger page.
 */
export const LazyConversationBody = lazyRoute<ConversationBodyProps>(() =>
  import('./ConversationBody').then((module) => ({
    default: module.ConversationBody,
  })),
);
