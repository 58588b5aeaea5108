import { useState, type ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { AddImagesButton, AttachmentTray } from '../attachments/ComposerAttachments';
import { filesOf, useComposerAttachments } from '../attachments/composer-attachments';
import { useBeforeLeave } from '../leave-page/use-before-leave';
import { conversationEntryPoint } from '../analytics/conversation-entry-points';
import { useOutbox } from '../outbox/outbox';
import { useOptionalSession } from '../../session/SessionProvider';
import { useLiveSync } from '../sync/live-sync';
import { useTypingSender } from '../typing/TypingIndicator';
import { ComposerTextField, messageTooLong } from './ComposerTextField';
import { conversationMessages } from './messages';

/** A fresh client id for one message: a retry of the same send is stored once. */
export function newOfflineThreadingId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}

const noToken = (): null => null;

/**
 * The composer: Enter sends (Shift+Enter starts a new line). Each message
 * gets its own offline_threading_id and goes into the session's outbox, which
 * shows it in the thread at once and sends it (again with the same id after a
 * failure) when the connection allows.
 */
export function Composer({
  threadId,
  viewerId,
  asPageId,
}: {
  threadId: string;
  viewerId: string;
  /** The viewer answers for this page (a thread of a page they administer). */
  asPageId?: string | undefined;
}): ReactNode {
  const intl = useIntl();
  const [text, setText] = useState('');
  const images = useComposerAttachments(useOptionalSession()?.api.csrfToken ?? noToken);
  useBeforeLeave(text.trim() !== '' || images.images.length > 0);
  const typing = useTypingSender(useLiveSync(viewerId), threadId);
  const outbox = useOutbox(viewerId);

  const tooLong = messageTooLong(text);

  function send(): void {
    const body = text;
    // Images still uploading hold the message back; refused ones stay in the tray, unsent.
    if (tooLong || images.uploading) return;
    const attachments = images.ready;
    if (body.trim() === '' && attachments.length === 0) return;
    typing.stop();
    setText('');
    const entryPoint = conversationEntryPoint(threadId);
    images.clear();
    outbox.enqueue({
      id: newOfflineThreadingId(),
      threadId,
      text: body,
      ...(entryPoint === null ? {} : { entryPoint }),
      ...(asPageId === undefined ? {} : { asPageId }),
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  }

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
        <AttachmentTray attachments={images} />
        <AddImagesButton attachments={images} />
        <ComposerTextField
          value={text}
          onChange={(value) => {
            setText(value);
            if (value.trim() === '') typing.stop();
            else typing.input(threadId);
          }}
          onEnter={send}
          onBlur={() => {
            typing.stop();
          }}
        />
        <Button type="submit" className="button button-primary">
          {intl.formatMessage(conversationMessages.send)}
        </Button>
      </Form>
    </div>
  );
}
