import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { chatTabsMessages } from './messages';

/**
 * The dock at the bottom of the host page where open conversations appear as
 * chat tabs. The conversations work fills it; this is its landmark.
 */
export function ChatTabs(): ReactNode {
  const intl = useIntl();
  return <section className="chat-tabs" aria-label={intl.formatMessage(chatTabsMessages.label)} />;
}
