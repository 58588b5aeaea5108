import { useState, type ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { useBeforeLeave } from '../leave-page/use-before-leave';
import { conversationEntryPoint } from '../analytics/conversation-entry-points';
import { useOutbox } from '../outbox/outbox';
import { useLiveSync } from '../sync/live-sync';
import { useTypingSender } from '../typing/TypingIndicator';
import { ComposerTextField, messageTooLong } from './ComposerTextField';
import { conversationMessages } from './messages';

/** A fresh client id for one message: a retry of the same send is stored once. */
export function newOfflineThreadingId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}

/**
 * The composer: Enter sends (Shift+Enter starts a new line). Each message
 * gets its own offline_threading_id and goes into the session's outbox, which
 * shows it in the thread at once and sends it (again with the same id after a
 * failure) when the connection allows.
 */
export function Composer({
  threadId,
  viewerId,
}: {
  threadId: string;
  viewerId: string;
}): ReactNode {
  const intl = useIntl();
  const [text, setText] = useState('');
  useBeforeLeave(text.trim() !== '');
  const typing = useTypingSender(useLiveSync(viewerId), threadId);
  const outbox = useOutbox(viewerId);

  const tooLong = messageTooLong(text);

  function send(): void {
    const body = text;
    if (body.trim() === '' || tooLong) return;
    typing.stop();
    setText('');
    const entryPoint = conversationEntryPoint(threadId);
    outbox.enqueue({
      id: newOfflineThreadingId(),
      threadId,
      text: body,
      ...(entryPoint === null ? {} : { entryPoint }),
    });
  }

  return (
    <Form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
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
  );
}
