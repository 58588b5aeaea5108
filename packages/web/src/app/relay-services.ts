import { ConversationEntryPoints } from '../features/analytics/conversation-entry-points';
import type { FunnelClient } from '../features/analytics/funnel-client';
import { createBrowserFunnelClient } from '../features/analytics/use-search-funnel';
import { conversationDeltaReducer } from '../features/conversation/sync-reducer';
import { threadDetailsDeltaReducer } from '../features/conversation/thread-details-reducer';
import { CallController } from '../features/calls/call-controller';
import { newDeviceId } from '../features/calls/device-id';
import { createBrowserOutbox } from '../features/outbox/outbox';
import { connectPresence } from '../features/presence/live-presence';
import { PresenceStore } from '../features/presence/presence-store';
import { createDeltaReducers, type DeltaReducers } from '../features/sync/delta-reducers';
import { LiveSync } from '../features/sync/live-sync';
import { threadListDeltaReducer } from '../features/thread-list/sync-reducer';
import { createTypingStore } from '../features/typing/TypingIndicator';
import { createRelayEnvironment } from '../relay/environment';
import type { Environment } from 'relay-runtime';
import type { RelayServices, SessionLogin } from '../session/session-services';

/**
 * Every feature's part of the sync log, in the order they apply: the thread
 * list first (it decides whether a delta needs the lists read again), then
 * the open conversation and its header. Sync itself imports none of them.
 */
export function messengerDeltaReducers(): DeltaReducers {
  return createDeltaReducers([
    threadListDeltaReducer,
    conversationDeltaReducer,
    threadDetailsDeltaReducer,
  ]);
}

/**
 * The Relay half of a login's services, built once (session-services.ts loads
 * this module, in Relay's chunk, right at login). A new login starts from an
 * empty store; dispose() closes the socket and stops every timer and listener.
 */
export function createRelayServices(login: SessionLogin): RelayServices {
  return relayServicesOn(
    createRelayEnvironment(login.api, login.sessionLost),
    login.viewerId,
    createBrowserFunnelClient(login.api),
  );
}

/** The Relay half around a given environment (component tests pass the one they filled). */
export function relayServicesOn(
  environment: Environment,
  viewerId: string,
  funnels: FunnelClient,
): RelayServices {
  const reducers = messengerDeltaReducers();
  const presence = new PresenceStore();
  // One device id per tab (per login): a call's media runs on exactly one device.
  const liveSync = new LiveSync({ environment, viewerId, deviceId: newDeviceId(), reducers });
  const stopPresence = connectPresence(liveSync.connection, presence);
  const typing = createTypingStore(liveSync);
  const calls = new CallController(liveSync.connection, viewerId);
  const outbox = createBrowserOutbox({ environment, viewerId, liveSync, reducers });
  return {
    viewerId,
    environment,
    liveSync,
    outbox,
    typing: typing.store,
    calls,
    presence,
    funnels,
    entryPoints: new ConversationEntryPoints(),
    unreportedQueries: new Map(),
    dispose() {
      outbox.dispose();
      typing.stop();
      stopPresence();
      liveSync.dispose();
      funnels.dispose();
    },
  };
}
