import { useSyncExternalStore } from 'react';
import { useRelayServices } from '../../session/session-services';
import type { CallController, CallView } from './call-controller';

/**
 * The login's call controller (inside a RelayRegion: it rides on the login's
 * sync socket; one per signed-in tab, built by the session services).
 */
export function useCallController(): CallController {
  return useRelayServices().calls;
}

export function useCallView(controller: CallController): CallView {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}
