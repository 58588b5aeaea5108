import { UNSENT_MESSAGE_KIND, type Mention, type WireReaction } from '@messenger/core';
import { useIntl } from 'react-intl';
import { messageActionsMessages } from '../message-actions/messages';
import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Face } from '../../ui/Face';
import { EncryptedImage, type ImageRef } from '../attachments/EncryptedImage';
import { MessageActions } from '../message-actions/MessageActions';
import { ReactionTallies } from '../message-actions/ReactionTallies';
import { useLongPress } from '../message-actions/use-long-press';
import { MentionedText } from '../mentions/MentionedText';
import { mentionMessages } from '../mentions/messages';
import { threadListMessages } from '../thread-list/messages';
import { ReplyQuote, type QuoteData } from '../replies/ReplyQuote';
import { isolateIn } from '../../i18n/isolate';

export interface MessageRowProps {
  messageId: string;
  /** 'text', 'unsent' (a tombstone), or a system kind. */
  kind: string;
  /** When its sender last edited it, or null. */
  editedAt: number | null;
  text: string;
  images: readonly ImageRef[];
  sender: string;
  senderId: string;
  /** The sender's picture, or null for a generated face. */
  picture: string | null;
  /** Whether the run's first message names its sender visibly (others in groups). */
  showName: boolean;
  own: boolean;
  /** Separate booleans, not the place object, so the memo compares values. */
  startsRun: boolean;
  endsRun: boolean;
  /** Milliseconds since the epoch, for the `<time>` element's machine-readable value. */
  timeMs: number;
  /** "14:05". */
  clock: string;
  /** "Thursday, 12 March 2026 at 14:05": the tooltip and what a screen reader hears. */
  fullTime: string;
  /** "Today", "Yesterday"…: only on the first message of a day. */
  separator: string | null;
  /** The receipt under the viewer's last message, else null. */
  receipt: string | null;
  /** The message a search result opened the thread at. */
  highlighted?: boolean;
  /** A call's summary line (kind 'call_summary'): an event of the thread, not something said. */
  isCallEvent?: boolean;
  reactions: readonly WireReaction[];
  viewerParticipantId: string;
  /** participant id → name as the thread shows them (who reacted). */
  names: ReadonlyMap<string, string>;
  /** "You", for the viewer among those who reacted. */
  you: string;
  /** The id of the history's hint that Enter opens a message's actions. */
  hintId: string;
  react: (messageId: string, emoji: string | null) => void;
  /** A reply's quote of its original, else null. */
  quote?: QuoteData | null;
  /** People the text mentions. */
  mentions?: readonly Mention[];
}

const NO_MENTIONS: readonly Mention[] = [];

/** Keys that open a focused message's actions: Enter, the context-menu key, Shift+F10. */
function opensActions(event: KeyboardEvent): boolean {
  return (
    event.key === 'Enter' || event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')
  );
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * One message. Memoized: Virtuoso renders the rows of its range again each
 * time the range moves (every few wheel steps); unchanged rows then skip the
 * render, and their texts are not tokenized again. The first message of a
 * run shows the sender and the time; the others show the time on hover or
 * focus, and keep the sender for screen readers.
 */
export const MessageRow = memo(function MessageRow({
  messageId,
  kind,
  editedAt,
  text,
  images,
  sender,
  senderId,
  picture,
  showName,
  own,
  startsRun,
  endsRun,
  timeMs,
  clock,
  fullTime,
  separator,
  receipt,
  highlighted = false,
  reactions,
  viewerParticipantId,
  names,
  you,
  hintId,
  react,
  isCallEvent = false,
  quote = null,
  mentions = NO_MENTIONS,
}: MessageRowProps): ReactNode {
  const [menuOpen, setMenuOpen] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  const longPress = useLongPress(() => {
    setMenuOpen(true);
  });
  const intl = useIntl();
  const ownReaction = reactions.find((r) => r.user_id === viewerParticipantId)?.emoji ?? null;
  const unsent = kind === UNSENT_MESSAGE_KIND;
  const mentionsMe = !own && !unsent && mentions.some((m) => m.id === viewerParticipantId);
  const daySeparator =
    separator === null ? null : (
      <p className="day-separator">
        <time dateTime={isoOf(timeMs)}>{separator}</time>
      </p>
    );
  if (isCallEvent) {
    // A call event sits in the middle, without a bubble, a sender or a Share link.
    return (
      <>
        {daySeparator}
        <div className="message message-event" data-highlighted={highlighted || undefined}>
          <p className="message-event-text">
            <span aria-hidden="true">📞 </span>
            {text}{' '}
            <time className="message-time" dateTime={isoOf(timeMs)} title={fullTime}>
              {clock}
            </time>
          </p>
        </div>
      </>
    );
  }
  return (
    <>
      {daySeparator}
      <div
        ref={element}
        className={mentionsMe ? 'message message-mentions-me' : 'message'}
        tabIndex={0}
        aria-describedby={hintId}
        onKeyDown={(event) => {
          // Only the message itself: its buttons and links keep their own keys.
          if (event.target !== event.currentTarget || !opensActions(event)) return;
          event.preventDefault();
          setMenuOpen(true);
        }}
        {...longPress}
        data-own={own || undefined}
        data-run-start={startsRun || undefined}
        data-run-end={endsRun || undefined}
        data-highlighted={highlighted || undefined}
        aria-current={highlighted || undefined}
      >
        <span className="message-meta">
          <span className={startsRun && showName ? 'message-sender' : 'visually-hidden'} dir="auto">
            {sender}
          </span>
          {mentionsMe ? (
            <span className="visually-hidden">
              {intl.formatMessage(mentionMessages.mentionsYou)}
            </span>
          ) : null}
          <time className="message-time" dateTime={isoOf(timeMs)} title={fullTime}>
            <span aria-hidden="true">{clock}</span>
            <span className="visually-hidden">{fullTime}</span>
          </time>
        </span>
        {own ? null : (
          // The face sits beside the last message of the run, as in Messenger.
          <span className="message-face">
            {endsRun ? <Face id={senderId} name={sender} src={picture} size={28} /> : null}
          </span>
        )}
        {quote === null || unsent ? null : (
          <ReplyQuote
            quote={quote}
            sender={
              quote.sender_id === viewerParticipantId ? you : (names.get(quote.sender_id) ?? '')
            }
          />
        )}
        {images.length === 0 ? null : (
          <div className="message-images">
            {images.map((image) => (
              <EncryptedImage key={image.id} image={image} />
            ))}
          </div>
        )}
        {unsent ? (
          <p className="message-text message-tombstone" dir="auto">
            {own
              ? intl.formatMessage(threadListMessages.youUnsent)
              : intl.formatMessage(threadListMessages.theyUnsent, {
                  name: isolateIn(intl, sender),
                })}
          </p>
        ) : text === '' && images.length > 0 ? null : (
          <p className="message-text" dir="auto">
            <MentionedText
              text={text}
              mentions={mentions}
              viewerParticipantId={viewerParticipantId}
            />
          </p>
        )}
        {editedAt === null || unsent ? null : (
          <span className="message-edited">
            {intl.formatMessage(messageActionsMessages.edited)}
          </span>
        )}
        {/* The tallies tuck under the bubble's edge, so they come before the receipt. */}
        {unsent ? null : (
          <ReactionTallies
            messageId={messageId}
            reactions={reactions}
            viewerParticipantId={viewerParticipantId}
            names={names}
            you={you}
            react={react}
          />
        )}
        {/* An unsent tombstone is no longer a message anyone receives: no "Sent" under it. */}
        {receipt === null || unsent ? null : <span className="message-receipt">{receipt}</span>}
        {unsent ? null : (
          <MessageActions
            messageId={messageId}
            text={text}
            image={images[0] ?? null}
            sender={sender}
            own={own}
            ownReaction={ownReaction}
            menuOpen={menuOpen}
            onMenuOpenChange={setMenuOpen}
            anchor={element}
            react={react}
          />
        )}
      </div>
    </>
  );
});
