import { Suspense, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../lib/bootload';
import { InlineLoading } from '../../ui/InlineLoading';
import { broadcastMessages } from './messages';
import type { SendToPeopleProps } from './SendToPeople';
import './broadcast.css';

// The picker arrives with its chunk the first time a share dialog opens.
const LazySendToPeople = lazyRoute<SendToPeopleProps>(() =>
  import('./SendToPeople').then((module) => ({ default: module.SendToPeople })),
);

/**
 * Forwarding a message (seed 2, the share surface), opened from the message's
 * actions menu: a dialog with the recipient tokenizer sends the message's
 * text to each chosen person in their own conversation. Rendered inside the
 * conversation's Relay region.
 */
export function ShareMessageDialog({
  text,
  isOpen,
  onOpenChange,
}: {
  text: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}): ReactNode {
  const intl = useIntl();
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <Modal className="modal-card share-modal">
        <Dialog className="modal-dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="modal-title">
                {intl.formatMessage(broadcastMessages.shareTitle)}
              </Heading>
              <Suspense fallback={<InlineLoading />}>
                <LazySendToPeople kind="share" sharedText={text} />
              </Suspense>
              <div className="modal-actions">
                <Button className="button" onPress={close}>
                  {intl.formatMessage(broadcastMessages.close)}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
