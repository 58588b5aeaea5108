import { embedMessage } from '@messenger/core';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { StatusScreen } from '../../ui/StatusScreen';
import { embedMessages } from './messages';

/**
 * `/embed/signed-in`: where the login popup ends. It tells the frame that
 * opened it (same origin only) and closes; the frame then signs in silently.
 */
export function EmbedPopupDone(): ReactNode {
  const intl = useIntl();
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (opener === null) return;
    opener.postMessage(embedMessage({ type: 'popup-signed-in' }), window.location.origin);
    window.close();
  }, []);
  return (
    <StatusScreen heading={intl.formatMessage(embedMessages.popupDoneHeading)}>
      <p>{intl.formatMessage(embedMessages.popupDoneBody)}</p>
    </StatusScreen>
  );
}
