import type { ReactNode } from 'react';
import { useBeforeLeave } from '../leave-page/use-before-leave';
import { CallWindow } from './CallWindow';
import { IncomingCallDialog } from './IncomingCallDialog';
import { useCallController, useCallView } from './use-calls';
import './calls.css';

export interface CallRegionProps {
  viewerId: string;
}

/**
 * The page's call UI, whichever thread is open: the incoming-call dialog, the
 * call window, and the leave-page question while a call is on.
 */
export function CallRegion({ viewerId }: CallRegionProps): ReactNode {
  const controller = useCallController(viewerId);
  const view = useCallView(controller);
  const status = view.state.status;
  useBeforeLeave(status !== 'idle' && status !== 'ended');
  if (status === 'idle') return null;
  if (status === 'incoming_ringing') {
    return <IncomingCallDialog controller={controller} view={view} />;
  }
  return <CallWindow controller={controller} view={view} viewerId={viewerId} />;
}
