import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { EncryptedImage, type ImageRef } from '../attachments/EncryptedImage';
import { useReplyActions } from './reply-context';
import { replyMessages } from './messages';
import './replies.css';

export interface QuoteData {
  message_id: string;
  sender_id: string;
  text: string;
  available: boolean;
  image?: ImageRef | null | undefined;
}

/**
 * A reply's quote of its original, above its text: the original's sender and
 * the start of its text, or a thumbnail for a photo. Pressing it goes to the
 * original; an unsent or removed original is only said to be unavailable.
 */
export function ReplyQuote({
  quote,
  sender,
}: {
  quote: QuoteData;
  /** The original's sender as the thread names them. */
  sender: string;
}): ReactNode {
  const intl = useIntl();
  const actions = useReplyActions();
  if (!quote.available) {
    return (
      <p className="reply-quote reply-quote-unavailable">
        {intl.formatMessage(replyMessages.unavailable)}
      </p>
    );
  }
  const text =
    quote.text === '' && quote.image ? intl.formatMessage(replyMessages.photo) : quote.text;
  return (
    // Named by what it shows (the visible text is part of the name, as axe wants).
    <Button
      className="reply-quote"
      onPress={() => {
        actions?.jumpTo(quote.message_id);
      }}
    >
      {quote.image ? (
        <span className="reply-thumb" aria-hidden="true">
          <EncryptedImage image={quote.image} />
        </span>
      ) : null}
      <span className="reply-quote-body">
        <span className="visually-hidden">{intl.formatMessage(replyMessages.repliedTo)} </span>
        <span className="reply-quote-who">{sender}</span>
        <span className="visually-hidden">: </span>
        <span className="reply-quote-text" dir="auto">
          {text}
        </span>
      </span>
    </Button>
  );
}
