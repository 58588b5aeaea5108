import { keepMentions } from '@messenger/core';
import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { AddImagesButton, AttachmentTray } from '../attachments/ComposerAttachments';
import { filesOf, useComposerAttachments } from '../attachments/composer-attachments';
import { useBeforeLeave } from '../leave-page/use-before-leave';
import { useConversationEntryPoints } from '../analytics/conversation-entry-points';
import { useOutbox } from '../outbox/outbox';
import { useOptionalSession } from '../../session/SessionProvider';
import { useLiveSync } from '../sync/live-sync';
import { useTypingSender } from '../typing/TypingIndicator';
import { ComposerTextField, messageTooLong } from '../composer-field/ComposerTextField';
import { composerFieldMessages } from '../composer-field/messages';
import { newOfflineThreadingId } from '../composer-field/offline-threading-id';
import { ComposerEmojiButton } from './ComposerEmojiButton';
import { useHistoryDropTarget } from './history-drop';
import { EMPTY_DRAFT, useDraft } from '../drafts/drafts';
import { MentionListbox } from '../mentions/MentionListbox';
import { useMentionPicker, type Mentionable } from '../mentions/use-mention-picker';
import { ReplyBar } from '../replies/ReplyBar';

const noToken = (): null => null;

const NO_PEOPLE: readonly Mentionable[] = [];

/**
 * The composer: Enter sends (Shift+Enter starts a new line). Each message
 * gets its own offline_threading_id and goes into the session's outbox, which
 * shows it in the thread at once and sends it (again with the same id after a
 * failure) when the connection allows. Its text, mentions and reply target are
 * the conversation's draft (drafts.ts), kept while the person is elsewhere.
 */
export function Composer({
  threadId,
  viewerId,
  asPageId,
  viewerParticipantId = viewerId,
  mentionable = NO_PEOPLE,
}: {
  threadId: string;
  viewerId: string;
  /** The viewer answers for this page (a thread of a page they administer). */
  asPageId?: string | undefined;
  viewerParticipantId?: string;
  /** A group's members who can be mentioned (empty in a one-to-one thread). */
  mentionable?: readonly Mentionable[];
}): ReactNode {
  const intl = useIntl();
  const [draft, update] = useDraft(threadId);
  const { text, reply } = draft;
  const field = useRef<HTMLTextAreaElement>(null);
  const entryPoints = useConversationEntryPoints();
  const images = useComposerAttachments(useOptionalSession()?.api.csrfToken ?? noToken);
  useBeforeLeave(text.trim() !== '' || images.images.length > 0);
  const typing = useTypingSender(useLiveSync(), threadId);
  const outbox = useOutbox();
  const setText = (next: string): void => {
    update((d) => ({ ...d, text: next, mentions: keepMentions(d.text, next, d.mentions) }));
  };
  const picker = useMentionPicker(
    mentionable,
    viewerParticipantId,
    text,
    draft.mentions,
    (next) => {
      update((d) => ({ ...d, text: next.text, mentions: next.mentions }));
      placeCaret(field.current, next.caret);
    },
  );

  // A kept draft comes back with the caret at its end, where typing goes on.
  useEffect(() => {
    const el = field.current;
    if (el !== null) el.setSelectionRange(el.value.length, el.value.length);
  }, [threadId]);

  // A reply started from a message's menu: the field takes the focus once the menu gave it back.
  const replyId = reply?.messageId ?? null;
  useEffect(() => {
    if (replyId === null) return;
    const timer = setTimeout(() => field.current?.focus(), 0);
    return () => {
      clearTimeout(timer);
    };
  }, [replyId]);

  const addImages = images.add;
  useHistoryDropTarget(threadId, addImages);

  const tooLong = messageTooLong(text);

  function send(): void {
    const body = text;
    // Images still uploading hold the message back; refused ones stay in the tray, unsent.
    if (tooLong || images.uploading) return;
    const attachments = images.ready;
    if (body.trim() === '' && attachments.length === 0) return;
    typing.stop();
    const mentions = draft.mentions;
    update(() => EMPTY_DRAFT);
    const entryPoint = entryPoints?.entryPointOf(threadId) ?? null;
    images.clear();
    outbox.enqueue({
      id: newOfflineThreadingId(),
      threadId,
      text: body,
      ...(entryPoint === null ? {} : { entryPoint }),
      ...(asPageId === undefined ? {} : { asPageId }),
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(reply === null ? {} : { replyTo: reply.messageId }),
      ...(mentions.length > 0 ? { mentions } : {}),
    });
  }

  const insertAtCaret = (emoji: string): void => {
    const el = field.current;
    const at = el === null ? text.length : el.selectionStart;
    const end = el === null ? text.length : el.selectionEnd;
    setText(text.slice(0, at) + emoji + text.slice(end));
    placeCaret(el, at + emoji.length);
  };

  // Pasted and dropped images join the message; plain text pastes stay with the text field.
  return (
    <div
      className="composer-drop"
      onPaste={(event) => {
        const files = filesOf(event.clipboardData);
        if (files.length === 0) return;
        event.preventDefault();
        images.add(files);
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const files = filesOf(event.dataTransfer);
        if (files.length === 0) return;
        event.preventDefault();
        images.add(files);
      }}
    >
      <Form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {reply === null ? null : (
          <ReplyBar
            target={reply}
            onCancel={() => {
              update((d) => ({ ...d, reply: null }));
              field.current?.focus();
            }}
          />
        )}
        <MentionListbox picker={picker} />
        <AttachmentTray attachments={images} />
        <AddImagesButton attachments={images} />
        <ComposerEmojiButton onPick={insertAtCaret} />
        <ComposerTextField
          value={text}
          textAreaRef={field}
          onChange={(value) => {
            setText(value);
            if (value.trim() === '') typing.stop();
            else typing.input(threadId);
          }}
          onEnter={send}
          onBlur={() => {
            typing.stop();
          }}
          onKey={(event) => {
            if (picker.onKeyDown(event)) return true;
            if (event.key === 'Escape' && reply !== null) {
              update((d) => ({ ...d, reply: null }));
              return true;
            }
            return false;
          }}
          {...(mentionable.length === 0 ? {} : { onCaret: picker.setCaret })}
          listbox={
            picker.open ? { id: picker.listboxId, activeId: picker.optionId(picker.active) } : null
          }
        />
        <Button type="submit" className="button button-primary composer-send">
          {/* A chat tab shows the arrow only (chat-tabs.css), leaving its narrow field room. */}
          <SendHorizontal
            className="composer-icon composer-send-icon icon-directional"
            size={20}
            aria-hidden="true"
            focusable="false"
          />
          <span className="composer-send-label">
            {intl.formatMessage(composerFieldMessages.send)}
          </span>
        </Button>
      </Form>
    </div>
  );
}

/** Puts the caret at `at` after React has written the new text. */
function placeCaret(el: HTMLTextAreaElement | null, at: number): void {
  requestAnimationFrame(() => {
    el?.setSelectionRange(at, at);
  });
}
