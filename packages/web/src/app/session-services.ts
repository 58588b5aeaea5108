import { bootload, browserBootloadEnv } from '../lib/bootload';
import { clearDrafts } from '../features/drafts/draft-memory';
import { UnreadCount } from '../session/unread-count';
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
 * The title's unread count is built at once; the rest (environment, live
 * sync, outbox, typing, calls, presence, funnels, entry points: Relay and
 * core's schemas stay out of the first screen) in Relay's chunk, started now so it is ready by the
 * time the first RelayRegion asks.
 */
export function createSessionServices(login: SessionLogin): SessionServices {
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
    unread: new UnreadCount(),
    relay: () => relay,
    dispose() {
      if (disposed) return;
      disposed = true;
      built?.dispose();
      built = null;
      clearDrafts();
    },
  };
}
