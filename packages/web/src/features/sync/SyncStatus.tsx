import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useConnectionStatus, type LiveSync } from './live-sync';
import { syncMessages } from './messages';

/**
 * The connection state as a status region: 'Connecting…' until the socket
 * is caught up, 'Offline' while it waits to reconnect, nothing when live.
 */
export function SyncStatus({ live }: { live: LiveSync }): ReactNode {
  const intl = useIntl();
  const status = useConnectionStatus(live);
  const text =
    status === 'live'
      ? ''
      : intl.formatMessage(syncMessages[status === 'connecting' ? 'connecting' : status]);
  return (
    <p role="status" className="sync-status" data-status={status}>
      {text}
    </p>
  );
}
