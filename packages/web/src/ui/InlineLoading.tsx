import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages';

/** A 'Loading…' status inside a region whose code or data is on its way. */
export function InlineLoading(): ReactNode {
  const intl = useIntl();
  return (
    <div className="inline-loading" role="status">
      {intl.formatMessage(appMessages.loading)}
    </div>
  );
}
