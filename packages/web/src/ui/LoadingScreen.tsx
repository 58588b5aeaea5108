import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages';

/** Shown while the session is checked or a lazy route loads. */
export function LoadingScreen(): ReactNode {
  const intl = useIntl();
  return (
    <div className="loading-screen" role="status">
      {intl.formatMessage(appMessages.loading)}
    </div>
  );
}
