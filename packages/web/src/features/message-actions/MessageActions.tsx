import { QUICK_REACTIONS, quoteText } from '@messenger/core';
import { Suspense, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Dialog, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { InlineLoading } from '../../ui/InlineLoading';
import { ShareMessageDialog } from '../broadcast/ShareMessageDialog';
import type { ImageRef } from '../attachments/EncryptedImage';
import { replyMessages } from '../replies/messages';
import { useReplyActions } from '../replies/reply-context';
import type { EmojiPickerProps } from './EmojiPicker';
import { EditUnsendDialogs, type EditUnsendMode } from './EditUnsendDialogs';
import { useEditUnsend } from './use-edit-unsend';
import { messageActionsMessages } from './messages';
import './message-actions.css';
import { isolateIn } from '../../i18n/isolate';

// The full picker arrives with its chunk the first time someone asks for more emoji.
const LazyEmojiPicker = lazyRoute<EmojiPickerProps>(() =>
  import('./EmojiPicker').then((module) => ({ default: module.EmojiPicker })),
);

type ActionKey = 'reply' | 'react' | 'forward' | 'copy' | 'edit' | 'unsend' | 'remove';

export interface MessageActionsProps {
  messageId: string;
  text: string;
  /** The message's first image: a reply to it shows a thumbnail. */
  image?: ImageRef | null;
  sender: string;
  /** The viewer's own message: it can be edited and unsent. */
  own: boolean;
  /** The viewer's own reaction to this message, if any. */
  ownReaction: string | null;
  /** Whether the menu is open (the message opens it by key or long press). */
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  /** The message's element: the reaction row opens beside it. */
  anchor: RefObject<HTMLElement | null>;
  react: (messageId: string, emoji: string | null) => void;
}

/**
 * One menu per message (issue 33): React, Forward, Copy text. Its button shows
 * on hover and focus; the message opens it by Enter or a long press too. React
 * opens a row of quick reactions by the message, with more emoji on demand.
 */
export function MessageActions({
  messageId,
  text,
  image = null,
  sender,
  own,
  ownReaction,
  menuOpen,
  onMenuOpenChange,
  anchor,
  react,
}: MessageActionsProps): ReactNode {
  const intl = useIntl();
  const [reacting, setReacting] = useState(false);
  const [more, setMore] = useState(false);
  const [forwarding, setForwarding] = useState(false);
  const [status, setStatus] = useState('');
  const [changing, setChanging] = useState<EditUnsendMode>(null);
  const { removeForYou } = useEditUnsend();
  const replies = useReplyActions();
  const onAction = (key: ActionKey) => {
    // The composer takes the reply (and the focus, once the menu has given it back).
    if (key === 'reply') {
      replies?.startReply({ messageId, sender, text: quoteText(text), image });
    }
    // The menu closes first and gives the focus back to its button; a dialog opened in
    // the same turn would see that as a move outside and close at once.
    if (key === 'react') {
      setTimeout(() => {
        setReacting(true);
      }, 0);
    }
    if (key === 'forward') {
      setTimeout(() => {
        setForwarding(true);
      }, 0);
    }
    if (key === 'edit' || key === 'unsend') {
      setTimeout(() => {
        setChanging(key);
      }, 0);
    }
    if (key === 'remove') removeForYou(messageId);
    if (key === 'copy') {
      void navigator.clipboard
        .writeText(text)
        .then(() => {
          setStatus(intl.formatMessage(messageActionsMessages.copied));
        })
        .catch(() => undefined);
    }
  };
  const pick = (emoji: string) => {
    // Choosing one's current reaction again takes it back, as in Messenger.
    react(messageId, emoji === ownReaction ? null : emoji);
    setReacting(false);
    setMore(false);
  };
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <span className="message-actions">
      <MenuTrigger isOpen={menuOpen} onOpenChange={onMenuOpenChange}>
        <Button
          ref={triggerRef}
          className="message-actions-button"
          aria-label={intl.formatMessage(messageActionsMessages.actionsFor, {
            sender: isolateIn(intl, sender),
          })}
        >
          <span aria-hidden="true">⋯</span>
        </Button>
        <Popover className="message-actions-popover" placement="bottom">
          <Menu
            // Opened by the message's key or a long press: the first action takes the focus.
            autoFocus="first"
            className="message-actions-menu"
            aria-label={intl.formatMessage(messageActionsMessages.actionsFor, {
              sender: isolateIn(intl, sender),
            })}
            onAction={(key) => {
              onAction(key as ActionKey);
            }}
          >
            <MenuItem id="react" className="message-actions-item">
              {intl.formatMessage(messageActionsMessages.react)}
            </MenuItem>
            {/* After React, which stays first (Enter on the menu reacts). */}
            {replies === null ? null : (
              <MenuItem id="reply" className="message-actions-item">
                {intl.formatMessage(replyMessages.reply)}
              </MenuItem>
            )}
            <MenuItem id="forward" className="message-actions-item">
              {intl.formatMessage(messageActionsMessages.forward)}
            </MenuItem>
            {text === '' ? null : (
              <MenuItem id="copy" className="message-actions-item">
                {intl.formatMessage(messageActionsMessages.copyText)}
              </MenuItem>
            )}
            {own && text !== '' ? (
              <MenuItem id="edit" className="message-actions-item">
                {intl.formatMessage(messageActionsMessages.edit)}
              </MenuItem>
            ) : null}
            {own ? (
              <MenuItem id="unsend" className="message-actions-item">
                {intl.formatMessage(messageActionsMessages.unsend)}
              </MenuItem>
            ) : null}
            <MenuItem id="remove" className="message-actions-item">
              {intl.formatMessage(messageActionsMessages.removeForYou)}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Popover
        triggerRef={anchor}
        isOpen={reacting}
        onOpenChange={(open) => {
          setReacting(open);
          if (!open) setMore(false);
        }}
        placement="top"
        className="reaction-popover"
      >
        <Dialog
          className="reaction-dialog"
          aria-label={intl.formatMessage(messageActionsMessages.reactionsFor)}
        >
          <div className="reaction-row">
            {QUICK_REACTIONS.map((emoji) => (
              <Button
                key={emoji}
                className="emoji-button"
                data-mine={emoji === ownReaction || undefined}
                aria-label={intl.formatMessage(
                  emoji === ownReaction
                    ? messageActionsMessages.removeReaction
                    : messageActionsMessages.reactWith,
                  { emoji },
                )}
                onPress={() => {
                  pick(emoji);
                }}
              >
                {emoji}
              </Button>
            ))}
            <Button
              className="emoji-button emoji-more"
              aria-label={intl.formatMessage(messageActionsMessages.moreEmoji)}
              aria-expanded={more}
              onPress={() => {
                setMore(true);
              }}
            >
              <span aria-hidden="true">+</span>
            </Button>
          </div>
          {more ? (
            <Suspense fallback={<InlineLoading />}>
              <LazyEmojiPicker onPick={pick} />
            </Suspense>
          ) : null}
        </Dialog>
      </Popover>
      <ShareMessageDialog text={text} isOpen={forwarding} onOpenChange={setForwarding} />
      {own ? (
        <EditUnsendDialogs
          messageId={messageId}
          text={text}
          mode={changing}
          onClose={() => {
            setChanging(null);
          }}
        />
      ) : null}
      <span role="status" className="visually-hidden">
        {status}
      </span>
    </span>
  );
}
