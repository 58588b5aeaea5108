import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { RelayRegion } from '../../relay/RelayRegion';
import { InlineLoading } from '../../ui/InlineLoading';
import { RegionErrorBoundary } from '../../ui/RegionErrorBoundary';
import { omnipickerMessages } from './messages';
import './omnipicker.css';

/** The path of the compose view under the product prefix. */
export const NEW_MESSAGE_SEGMENT = '/new';

// Relay-reading, so its own chunk like the messenger's other bodies.
const LazyNewMessage = lazyRoute<Record<string, never>>(() =>
  import('./NewMessage').then((module) => ({ default: module.NewMessage })),
);

/**
 * The omnipicker (new message) in the place of the open conversation: its
 * landmark is there at once, the picker arrives with its chunk.
 */
export function OmnipickerView(): ReactNode {
  const intl = useIntl();
  return (
    <main
      id="main-content"
      className="thread-view"
      aria-label={intl.formatMessage(omnipickerMessages.newMessage)}
      tabIndex={-1}
    >
      <RegionErrorBoundary resetKey="new">
        <RelayRegion fallback={<InlineLoading />}>
          <LazyNewMessage />
        </RelayRegion>
      </RegionErrorBoundary>
    </main>
  );
}
