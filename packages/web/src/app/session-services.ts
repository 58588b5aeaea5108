import { ConversationEntryPoints } from '../features/analytics/conversation-entry-points';
import { createBrowserFunnelClient } from '../features/analytics/use-search-funnel';
import { bootload, browserBootloadEnv } from '../lib/bootload';
import { UnreadCount } from '../ui/document-title';
import type { RelayServices, SessionLogin, SessionServices } from '../session/session-services';

const loadRelayServices = () => import('./relay-services');

/** Starts loading the Relay half's chunk before a login needs it (a session is likely). */
export function preloadSessionServices(): void {
  loadRelayServices().catch(() => undefined);
}

/**
 * The app's composition root: everything live that one login owns is built
 * here, when the person signs in, and disposed when the session ends
 * (SessionProvider). Screens read it through hooks (session/session-services.ts).
 * The funnel client is built at once; the Relay half (environment, live sync,
 * outbox, typing, calls, presence) in Relay's chunk, started now so it is
 * ready by the time the first RelayRegion asks.
 */
export function createSessionServices(login: SessionLogin): SessionServices {
  const funnels = createBrowserFunnelClient(login.api);
  let disposed = false;
  let built: RelayServices | null = null;
  const relay = bootload(loadRelayServices, browserBootloadEnv()).then(
    ({ createRelayServices }) => {
      if (disposed) throw new Error('The session ended before its services loaded.');
      built = createRelayServices(login);
      return built;
    },
  );
  // A login that ends before Relay's chunk arrives leaves no unhandled rejection.
  relay.catch(() => undefined);
  return {
    viewerId: login.viewerId,
    funnels,
    unread: new UnreadCount(),
    entryPoints: new ConversationEntryPoints(),
    relay: () => relay,
    dispose() {
      if (disposed) return;
      disposed = true;
      built?.dispose();
      built = null;
      funnels.dispose();
    },
  };
}
