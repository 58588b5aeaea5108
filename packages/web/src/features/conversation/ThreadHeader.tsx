import { Settings, UserPlus } from 'lucide-react';
import {
  facepile,
  participantListText,
  participantTooltipLines,
  type FormatMessage,
} from '@messenger/core';
import { useState, type ReactNode } from 'react';
import { Button, Link, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { MESSENGER_PREFIX } from '../../router/routes';
import { presenceMessages } from '../presence/messages';
import { usePresence } from '../presence/presence-store';
import '../presence/presence.css';
import { conversationMessages } from './messages';
import { Face } from '../../ui/Face';
import type { ThreadPerson } from './thread-people';
import './thread-details.css';
import { isolateIn } from '../../i18n/isolate';

/** Hovering the participants shows their names after this long (focus shows them at once). */
const TOOLTIP_DELAY_MS = 400;

export interface ThreadHeaderProps {
  /** The title as core threadTitle gives it, already cut with an ellipsis. */
  title: string;
  isGroup: boolean;
  /** The participants other than the viewer, nicknames applied. */
  others: readonly ThreadPerson[];
  /** The settings dialog (a react-aria Modal), given whether it is open and how to close it. */
  renderSettings: (state: { isOpen: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
  /** The call buttons (features/calls), when calls are offered here. */
  callButtons?: ReactNode;
  /** False when the viewer answers for a page here: no group of their own made from it. */
  newGroupOffered?: boolean;
  /** The conversation's "…" menu (features/conversation-menu), when offered here. */
  menu?: ReactNode;
}

/**
 * The open conversation's header: its title, and for a group the facepile
 * and the participant list text, whose tooltip names up to ten people (core
 * rules). The participants button and the settings button open the settings
 * dialog (rename, nicknames, people).
 */
export function ThreadHeader({
  title,
  isGroup,
  others,
  renderSettings,
  callButtons = null,
  newGroupOffered = true,
  menu = null,
}: ThreadHeaderProps): ReactNode {
  const intl = useIntl();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Each name isolated in a right-to-left page too, so 'Ann، Bob' keeps its order there.
  const names = others.map((p) => isolateIn(intl, p.shown));
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  const open = () => {
    setSettingsOpen(true);
  };
  return (
    <header className="conversation-header">
      <div className="conversation-heading">
        <h2 id="conversation-title" className="conversation-title" dir="auto">
          {title}
        </h2>
        {!isGroup && others.length === 1 && others[0] !== undefined ? (
          <ActiveNow personId={others[0].id} />
        ) : null}
      </div>
      <div className="conversation-header-tools">
        {isGroup && names.length > 0 ? (
          <TooltipTrigger delay={TOOLTIP_DELAY_MS}>
            <Button className="participants-button" onPress={open}>
              <Facepile people={others} />
              <span className="participants-text">{participantListText(names, format)}</span>
            </Button>
            <Tooltip className="participants-tooltip" placement="bottom">
              {participantTooltipLines(names, format).map((line, index) => (
                // Two people may share a name; the position keeps the lines apart.
                <div key={`${String(index)}:${line}`}>{line}</div>
              ))}
            </Tooltip>
          </TooltipTrigger>
        ) : null}
        {callButtons}
        {newGroupOffered && !isGroup && others.length === 1 && others[0] !== undefined ? (
          // Group creation from here (features/omnipicker): the other person is a fixed token.
          <Link className="button" href={`${MESSENGER_PREFIX}/new?with=${others[0].id}`}>
            <UserPlus className="header-icon" size={16} aria-hidden="true" focusable="false" />
            <span className="header-label">
              {intl.formatMessage(conversationMessages.newGroupWith, {
                name: isolateIn(intl, others[0].shown),
              })}
            </span>
          </Link>
        ) : null}
        <Button className="button" onPress={open}>
          {/* On a phone the header has room for the icon only; the words stay its name. */}
          <Settings className="header-icon" size={16} aria-hidden="true" focusable="false" />
          <span className="header-label">{intl.formatMessage(conversationMessages.settings)}</span>
        </Button>
        {menu}
      </div>
      {renderSettings({ isOpen: settingsOpen, onOpenChange: setSettingsOpen })}
    </header>
  );
}

/** "Active now" under a one-to-one conversation's title while the other person is ACTIVE, live. */
export function ActiveNow({ personId }: { personId: string }): ReactNode {
  const intl = useIntl();
  if (usePresence(personId) !== 'ACTIVE') return null;
  return (
    <p className="conversation-presence">
      <span className="presence-dot presence-dot-inline" aria-hidden="true" />
      {intl.formatMessage(presenceMessages.active)}
    </p>
  );
}

/** Faces by the core facepile rule: above four people, three faces and '+{N-3}'. */
export function Facepile({ people }: { people: readonly ThreadPerson[] }): ReactNode {
  const pile = facepile(people);
  return (
    <span className="facepile" aria-hidden="true" data-testid="facepile">
      {pile.faces.map((person) => (
        <Face
          key={person.id}
          id={person.id}
          name={person.shown}
          src={person.picture}
          size={28}
          className="facepile-face"
        />
      ))}
      {pile.overflowText === null ? null : (
        <span className="facepile-face facepile-overflow">{pile.overflowText}</span>
      )}
    </span>
  );
}
