import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import { broadcastMessages } from './messages';
import type { SendToPeopleProps } from './SendToPeople';
import './broadcast.css';

/** The path of the broadcast view under the product prefix. */
export const BROADCAST_SEGMENT = '/broadcast';

// Relay-reading, so its own chunk like the messenger's other bodies.
const LazySendToPeople = lazyRoute<SendToPeopleProps>(() =>
  import('./SendToPeople').then((module) => ({ default: module.SendToPeople })),
);

/**
 * Broadcast (seed 2) in the place of the open conversation: one message to
 * several people, each in their own conversation.
 */
export function BroadcastView(): ReactNode {
  const intl = useIntl();
  return (
    <main
      id="main-content"
      className="thread-view"
      aria-label={intl.formatMessage(broadcastMessages.broadcast)}
      tabIndex={-1}
    >
      <div className="new-message">
        <h2 className="region-heading">{intl.formatMessage(broadcastMessages.broadcast)}</h2>
        <p>{intl.formatMessage(broadcastMessages.broadcastIntro)}</p>
        <RegionErrorBoundary resetKey="broadcast">
          <RelayRegion fallback={<InlineLoading />}>
            <LazySendToPeople kind="broadcast" />
          </RelayRegion>
        </RegionErrorBoundary>
      </div>
    </main>
  );
}
