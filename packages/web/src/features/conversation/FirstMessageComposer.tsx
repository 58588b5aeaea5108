import { useState, type ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { FirstMessageComposerSendMutation } from './__generated__/FirstMessageComposerSendMutation.graphql';
import { ComposerTextField, messageTooLong } from '../composer-field/ComposerTextField';
import { composerFieldMessages } from '../composer-field/messages';
import { newOfflineThreadingId } from '../composer-field/offline-threading-id';
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
  const tooLong = messageTooLong(text);

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
      <ComposerTextField value={text} onChange={setText} onEnter={send} />
      <Button type="submit" className="button button-primary">
        {intl.formatMessage(composerFieldMessages.send)}
      </Button>
    </Form>
  );
}
