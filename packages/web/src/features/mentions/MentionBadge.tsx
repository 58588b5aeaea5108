import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { mentionMessages } from './messages';
import '../replies/replies.css';

/**
 * A thread row's sign of unread messages that mention the viewer ("@", and
 * "2 mentions" for screen readers). The count is the server's
 * (mentions_unread), kept also when the thread's notifications are muted.
 */
export function MentionBadge({ count }: { count: number }): ReactNode {
  const intl = useIntl();
  if (count <= 0) return null;
  return (
    <span className="mention-badge" data-mentions={count}>
      <span aria-hidden="true">@</span>
      <span className="visually-hidden">
        {intl.formatMessage(mentionMessages.mentionsBadge, { count })}
      </span>
    </span>
  );
}
