import { MESSAGING_LIMITS, textLength } from '@messenger/core';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Form, Label, TextArea, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { FirstMessageComposerSendMutation } from './__generated__/FirstMessageComposerSendMutation.graphql';
import { newOfflineThreadingId } from './Composer';
import { conversationMessages } from './messages';

/**
 * The composer of a conversation that does not exist yet (a `/t/{userId}`
 * permalink to someone the viewer never wrote to): it sends by recipient_id,
 * the server creates the one-to-one thread with that first message, and the
 * caller then shows that thread. The offline_threading_id is kept across a
 * retry so a lost answer cannot make the message twice.
 */
export function FirstMessageComposer({
  recipientId,
  onSent,
}: {
  recipientId: string;
  onSent: (threadId: string) => void;
}): ReactNode {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const [offlineId, setOfflineId] = useState(() => newOfflineThreadingId());
  const [commit, inFlight] = useMutation<FirstMessageComposerSendMutation>(graphql`
    mutation FirstMessageComposerSendMutation($input: SendMessageInput!) {
      send_message(input: $input) {
        message {
          id
          thread_id
        }
      }
    }
  `);
  const tooLong = textLength(text) > MESSAGING_LIMITS.messageTextMax;

  function send(): void {
    if (text.trim() === '' || tooLong || inFlight) return;
    setFailed(false);
    commit({
      variables: {
        input: { recipient_id: recipientId, text, offline_threading_id: offlineId },
      },
      onCompleted: (response) => {
        setOfflineId(newOfflineThreadingId());
        onSent(response.send_message.message.thread_id);
      },
      onError: () => {
        setFailed(true);
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
      <TextField className="composer-field" value={text} onChange={setText} isInvalid={tooLong}>
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
        <p className="composer-error">
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
