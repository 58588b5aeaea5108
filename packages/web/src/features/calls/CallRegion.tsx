import { showsCallWindow } from '@messenger/core';
import { useEffect, type ReactNode } from 'react';
import { useBeforeLeave } from '../leave-page/use-before-leave';
import { CallWindow } from './CallWindow';
import { IncomingCallDialog } from './IncomingCallDialog';
import { useCallController, useCallView } from './use-calls';
import './calls.css';

export interface CallRegionProps {
  viewerId: string;
  /** For the own tile's avatar while the camera is off. */
  viewerName?: string;
}

/**
 * The page's call UI, whichever thread is open: the incoming-call dialog, the
 * call window, and the leave-page question while a call is on.
 */
export function CallRegion({ viewerId, viewerName = '' }: CallRegionProps): ReactNode {
  const controller = useCallController();
  const view = useCallView(controller);
  const status = view.state.status;
  // The call goes on across the app's pages; only a reload or a closed tab ends it.
  useBeforeLeave(status !== 'idle' && status !== 'ended', 'unload');
  const shown = showsCallWindow(view.state);
  // A call rung here that ended unanswered leaves nothing behind ("No Answer" is the caller's).
  const unansweredHere = status === 'ended' && !shown;
  useEffect(() => {
    if (unansweredHere) controller.dismiss();
  }, [controller, unansweredHere]);
  if (status === 'incoming_ringing') {
    return <IncomingCallDialog controller={controller} view={view} />;
  }
  if (!shown) return null;
  return (
    <CallWindow controller={controller} view={view} viewerId={viewerId} viewerName={viewerName} />
  );
}
