import { ARCHIVED_FOLDER, isMuted, type MuteChoice } from '@messenger/core';
import { useState, type Key, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  Heading,
  Menu,
  MenuItem,
  MenuTrigger,
  Modal,
  ModalOverlay,
  Popover,
  Separator,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { browserClock } from '../../lib/clock';
import { conversationMenuMessages as m } from './messages';
import { useConversationActions, type ConversationAction } from './use-conversation-actions';
import './conversation-menu.css';
import { isolateIn } from '../../i18n/isolate';

export interface ConversationMenuProps {
  threadId: string;
  /** The conversation's title, for the button's accessible name. */
  title: string;
  isGroup: boolean;
  mutedUntil: number | null;
  /** The folder the viewer sees it in (ARCHIVED while archived). */
  folder: string;
  unreadCount: number;
  /** After the conversation left the viewer (deleted or left): the header leaves it. */
  onGone?: () => void;
  /** After mark as unread: an open conversation would read it again at once, so it is left. */
  onMarkedUnread?: () => void;
  className?: string;
}

const MUTES: Record<string, MuteChoice> = {
  'mute-1h': '1h',
  'mute-8h': '8h',
  'mute-24h': '24h',
  'mute-forever': 'forever',
};

type Confirm = 'delete' | 'leave' | null;

/**
 * The "…" menu of a conversation (a thread-list row, the thread header):
 * mute, archive, mark unread or read, delete for oneself, leave a group.
 * Delete and leave ask first, in an alert dialog.
 */
export function ConversationMenu({
  threadId,
  title,
  isGroup,
  mutedUntil,
  folder,
  unreadCount,
  onGone,
  onMarkedUnread,
  className = 'conversation-menu-button',
}: ConversationMenuProps): ReactNode {
  const intl = useIntl();
  const act = useConversationActions();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const muted = isMuted(mutedUntil, browserClock);
  const archived = folder === ARCHIVED_FOLDER;
  const run = (action: ConversationAction, after?: () => void) => {
    act(threadId, action, (ok) => {
      setBusy(false);
      setFailed(!ok);
      if (ok) after?.();
    });
  };
  const onAction = (key: Key) => {
    const id = String(key);
    const mute = MUTES[id];
    if (mute !== undefined) run({ kind: 'mute', mute });
    else if (id === 'unmute') run({ kind: 'mute', mute: null });
    else if (id === 'archive') run({ kind: 'archive', archived: !archived });
    else if (id === 'mark-unread') run({ kind: 'mark_unread' }, onMarkedUnread);
    else if (id === 'mark-read') run({ kind: 'mark_read' });
    else if (id === 'delete' || id === 'leave') {
      setFailed(false);
      setConfirm(id);
    }
  };
  const confirmed = () => {
    if (confirm === null || busy) return;
    setBusy(true);
    run({ kind: confirm }, () => {
      setConfirm(null);
      onGone?.();
    });
  };
  return (
    <>
      <MenuTrigger>
        <Button
          className={className}
          aria-label={intl.formatMessage(m.options, { title: isolateIn(intl, title) })}
          data-testid="conversation-menu-button"
        >
          <span aria-hidden="true">…</span>
        </Button>
        <Popover className="conversation-menu-popover" placement="bottom end">
          <Menu className="conversation-menu" onAction={onAction}>
            {muted ? (
              <MenuItem id="unmute" className="conversation-menu-item">
                {intl.formatMessage(m.unmute)}
              </MenuItem>
            ) : (
              [
                <MenuItem key="1h" id="mute-1h" className="conversation-menu-item">
                  {intl.formatMessage(m.mute1h)}
                </MenuItem>,
                <MenuItem key="8h" id="mute-8h" className="conversation-menu-item">
                  {intl.formatMessage(m.mute8h)}
                </MenuItem>,
                <MenuItem key="24h" id="mute-24h" className="conversation-menu-item">
                  {intl.formatMessage(m.mute24h)}
                </MenuItem>,
                <MenuItem key="forever" id="mute-forever" className="conversation-menu-item">
                  {intl.formatMessage(m.muteForever)}
                </MenuItem>,
              ]
            )}
            <Separator className="conversation-menu-separator" />
            {unreadCount > 0 ? (
              <MenuItem id="mark-read" className="conversation-menu-item">
                {intl.formatMessage(m.markRead)}
              </MenuItem>
            ) : (
              <MenuItem id="mark-unread" className="conversation-menu-item">
                {intl.formatMessage(m.markUnread)}
              </MenuItem>
            )}
            <MenuItem id="archive" className="conversation-menu-item">
              {intl.formatMessage(archived ? m.unarchive : m.archive)}
            </MenuItem>
            <Separator className="conversation-menu-separator" />
            <MenuItem id="delete" className="conversation-menu-item">
              {intl.formatMessage(m.delete)}
            </MenuItem>
            {isGroup ? (
              <MenuItem id="leave" className="conversation-menu-item">
                {intl.formatMessage(m.leave)}
              </MenuItem>
            ) : null}
          </Menu>
        </Popover>
      </MenuTrigger>
      {failed && confirm === null ? (
        <p role="alert" className="conversation-menu-error">
          {intl.formatMessage(m.failed)}
        </p>
      ) : null}
      <ModalOverlay
        className="modal-overlay"
        isDismissable
        isOpen={confirm !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirm(null);
            setBusy(false);
          }
        }}
      >
        <Modal className="modal-card">
          <Dialog className="modal-dialog" role="alertdialog">
            <Heading slot="title" className="modal-title">
              {intl.formatMessage(confirm === 'leave' ? m.leaveTitle : m.deleteTitle)}
            </Heading>
            <p>{intl.formatMessage(confirm === 'leave' ? m.leaveBody : m.deleteBody)}</p>
            {failed ? (
              <p role="alert" className="composer-error">
                {intl.formatMessage(m.failed)}
              </p>
            ) : null}
            <div className="modal-actions">
              <Button
                className="button"
                onPress={() => {
                  setConfirm(null);
                }}
              >
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button className="button button-primary" isDisabled={busy} onPress={confirmed}>
                {intl.formatMessage(confirm === 'leave' ? m.leave : m.delete)}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
