import { MESSAGING_LIMITS, textLength, type WireMessage } from '@messenger/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Form, Label, TextArea, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useMutation, useRelayEnvironment } from 'react-relay';
import { applyMessageNew } from '../sync/apply-delta';
import { useLiveSync } from '../sync/live-sync';
import { useTypingSender } from '../typing/TypingIndicator';
import type { ComposerSendMutation } from './__generated__/ComposerSendMutation.graphql';
import { conversationMessages } from './messages';

/** A fresh client id for one message: a retry of the same send is stored once. */
export function newOfflineThreadingId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}

/**
 * The composer: Enter sends (Shift+Enter starts a new line). Each message
 * gets its own offline_threading_id; the sent message goes into the store
 * through the same reducers as the sync socket's echo, which then changes nothing.
 */
export function Composer({
  threadId,
  viewerId,
  recipientId,
  onSent,
}: {
  threadId: string;
  viewerId: string;
  /** No thread yet (a chat tab's first message): send to this person or page, creating it. */
  recipientId?: string;
  /** The thread the message went to (the new one, for a first message). */
  onSent?: (threadId: string) => void;
}): ReactNode {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const typing = useTypingSender(useLiveSync(viewerId), threadId);
  const [commit] = useMutation<ComposerSendMutation>(graphql`
    mutation ComposerSendMutation($input: SendMessageInput!) {
      send_message(input: $input) {
        created
        message {
          id
          thread_id
          sender_id
          text
          timestamp
          seq_in_thread
          offline_threading_id
          kind
          tags
          entry_point
        }
      }
    }
  `);

  const tooLong = textLength(text) > MESSAGING_LIMITS.messageTextMax;

  function send(): void {
    const body = text;
    if (body.trim() === '' || tooLong) return;
    typing.stop();
    setText('');
    setFailed(false);
    commit({
      variables: {
        input: {
          ...(recipientId === undefined ? { thread_id: threadId } : { recipient_id: recipientId }),
          text: body,
          offline_threading_id: newOfflineThreadingId(),
        },
      },
      onCompleted: (response, errors) => {
        if (errors !== null && errors.length > 0) {
          setFailed(true);
          setText((current) => (current === '' ? body : current));
          return;
        }
        const m = response.send_message.message;
        const wire: WireMessage = {
          id: m.id,
          thread_id: m.thread_id,
          sender_id: m.sender_id,
          text: m.text,
          created_at: m.timestamp,
          seq_in_thread: m.seq_in_thread,
          offline_threading_id: m.offline_threading_id ?? null,
          entry_point: m.entry_point ?? null,
          tags: [...m.tags],
          kind: m.kind,
        };
        environment.commitUpdate((store) => {
          applyMessageNew(store, wire, { viewerId });
        });
        onSent?.(m.thread_id);
      },
      onError: () => {
        setFailed(true);
        setText((current) => (current === '' ? body : current));
      },
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <Form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {failed ? (
        <p role="alert" className="composer-error">
          {intl.formatMessage(conversationMessages.sendFailed)}
        </p>
      ) : null}
      <TextField
        className="composer-field"
        value={text}
        onChange={(value) => {
          setText(value);
          if (value.trim() === '') typing.stop();
          else if (recipientId === undefined) typing.input(threadId);
        }}
        onBlur={() => {
          typing.stop();
        }}
        isInvalid={tooLong}
        {...(tooLong ? { 'aria-describedby': 'composer-too-long' } : {})}
      >
        <Label className="visually-hidden">
          {intl.formatMessage(conversationMessages.composerLabel)}
        </Label>
        <TextArea
          rows={2}
          placeholder={intl.formatMessage(conversationMessages.composerPlaceholder)}
          onKeyDown={onKeyDown}
        />
      </TextField>
      {tooLong ? (
        <p id="composer-too-long" className="composer-error">
          {intl.formatMessage(conversationMessages.tooLong, {
            max: MESSAGING_LIMITS.messageTextMax,
          })}
        </p>
      ) : null}
      <Button type="submit" className="button button-primary">
        {intl.formatMessage(conversationMessages.send)}
      </Button>
    </Form>
  );
}
