import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { EncryptedImage } from '../attachments/EncryptedImage';
import { MessageText } from '../../ui/MessageText';
import { outboxMessages } from './messages';
import type { Outbox, PendingRow } from './outbox';
import './outbox.css';

/**
 * One unsent message in the thread, under the sent ones: its text as it will
 * look, and where it is ('Sending…', 'Waiting for connection', or 'Not sent'
 * with a way to try again or discard it). The history is a log region, so a
 * change of state is announced.
 */
export function PendingMessage({ row, outbox }: { row: PendingRow; outbox: Outbox }): ReactNode {
  const intl = useIntl();
  const { item, display } = row;
  return (
    <div className="message message-pending" data-own data-pending={display}>
      <span className="message-sender">{intl.formatMessage(outboxMessages.you)}</span>
      {item.attachments === undefined ? null : (
        // Uploaded already: the sender may fetch their own images before the message is stored.
        <div className="message-images">
          {item.attachments.map((image) => (
            <EncryptedImage key={image.id} image={image} />
          ))}
        </div>
      )}
      {item.text === '' && item.attachments !== undefined ? null : (
        <p className="message-text" dir="auto">
          <MessageText text={item.text} />
        </p>
      )}
      <span className="message-receipt pending-state">
        {intl.formatMessage(outboxMessages[display])}
      </span>
      {display === 'failed' ? (
        <span className="pending-actions">
          <Button
            className="button"
            onPress={() => {
              outbox.retry(item.id);
            }}
          >
            {intl.formatMessage(outboxMessages.retry)}
          </Button>
          <Button
            className="button"
            onPress={() => {
              outbox.discard(item.id);
            }}
          >
            {intl.formatMessage(outboxMessages.discard)}
          </Button>
        </span>
      ) : null}
    </div>
  );
}
