import { useSyncExternalStore } from 'react';
import { useLiveSync } from '../sync/live-sync';
import type { SyncConnection } from '../sync/sync-connection';
import { CallController, type CallView } from './call-controller';

const controllers = new WeakMap<SyncConnection, CallController>();

/** One controller per sync connection (per signed-in tab). */
export function callControllerFor(connection: SyncConnection, viewerId: string): CallController {
  let controller = controllers.get(connection);
  if (controller === undefined) {
    controller = new CallController(connection, viewerId);
    controllers.set(connection, controller);
  }
  return controller;
}

/** The tab's call controller (inside a RelayRegion: it rides on the session's sync socket). */
export function useCallController(viewerId: string): CallController {
  return callControllerFor(useLiveSync(viewerId).connection, viewerId);
}

export function useCallView(controller: CallController): CallView {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}
