import { conversationSettingsMessages } from '@messenger/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isolateIn } from '../../i18n/isolate';

/** The system line of a participant_left message: "{name} left the group", centred, no bubble. */
export function LeftGroupLine({ name }: { name: string }): ReactNode {
  const intl = useIntl();
  return (
    <div className="message message-event">
      <p className="message-event-text">
        {intl.formatMessage(conversationSettingsMessages.leftGroup, {
          name: isolateIn(intl, name),
        })}
      </p>
    </div>
  );
}
