import { useSyncExternalStore } from 'react';
import { useLiveSync } from '../sync/live-sync';
import { callControllerFor, type CallController, type CallView } from './call-controller';

/** The tab's call controller (inside a RelayRegion: it rides on the session's sync socket). */
export function useCallController(viewerId: string): CallController {
  return callControllerFor(useLiveSync(viewerId).connection, viewerId);
}

export function useCallView(controller: CallController): CallView {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}
