import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { chatSidebarMessages } from './messages';

/**
 * The chat sidebar region on the right of the host page (seed 2: friends,
 * groups, pages, admined_pages and the search typeahead). The conversations
 * work fills it; this is its landmark.
 */
export function ChatSidebar(): ReactNode {
  const intl = useIntl();
  const label = intl.formatMessage(chatSidebarMessages.label);
  return (
    <aside className="chat-sidebar" aria-labelledby="chat-sidebar-heading">
      <h2 id="chat-sidebar-heading" className="region-heading">
        {label}
      </h2>
    </aside>
  );
}
