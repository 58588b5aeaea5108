import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { EncryptedImage } from '../attachments/EncryptedImage';
import type { ReplyTarget } from '../drafts/drafts';
import { replyMessages } from './messages';
import './replies.css';
import { isolateIn } from '../../i18n/isolate';

/**
 * The bar above the composer while a reply is being written: who is answered
 * and the start of their text (or "Photo" with a thumbnail). Its close button
 * and Escape in the composer cancel the reply.
 */
export function ReplyBar({
  target,
  onCancel,
}: {
  target: ReplyTarget;
  onCancel: () => void;
}): ReactNode {
  const intl = useIntl();
  const label = intl.formatMessage(replyMessages.replyingTo, {
    name: isolateIn(intl, target.sender),
  });
  return (
    <div className="reply-bar" role="group" aria-label={label}>
      {target.image === null ? null : (
        <span className="reply-thumb">
          <EncryptedImage image={target.image} />
        </span>
      )}
      <span className="reply-bar-body">
        <span className="reply-bar-who">{label}</span>
        <span className="reply-bar-text" dir="auto">
          {target.text === '' && target.image !== null
            ? intl.formatMessage(replyMessages.photo)
            : target.text}
        </span>
      </span>
      <Button
        className="reply-bar-close"
        aria-label={intl.formatMessage(replyMessages.cancelReply)}
        onPress={onCancel}
      >
        <span aria-hidden="true">✕</span>
      </Button>
    </div>
  );
}
