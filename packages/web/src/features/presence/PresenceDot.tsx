import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePresence } from './presence-store';
import './presence.css';
import { presenceMessages } from './messages';

/**
 * A person's green dot while they are ACTIVE, kept live by the session's
 * presence store, for a row or button whose accessible name must stay the
 * person's name: the dot is decoration, and the words ("Active now") sit in
 * a hidden element (`description`, placed beside the row, not in it) the
 * row points `aria-describedby` at (`describedBy`).
 */
export function usePresenceDot(
  personId: string | null,
  descriptionId: string,
): { dot: ReactNode; description: ReactNode; describedBy: string | undefined } {
  const intl = useIntl();
  const active = usePresence(personId) === 'ACTIVE';
  if (!active) return { dot: null, description: null, describedBy: undefined };
  return {
    dot: <span className="presence-dot presence-dot-inline" aria-hidden="true" />,
    // Outside the named element, so its text (textContent included) stays the name alone.
    description: (
      <span id={descriptionId} hidden>
        {intl.formatMessage(presenceMessages.active)}
      </span>
    ),
    describedBy: descriptionId,
  };
}
