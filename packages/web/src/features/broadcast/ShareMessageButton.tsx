import { Suspense, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { lazyRoute } from '../../app/bootload';
import { InlineLoading } from '../../ui/InlineLoading';
import { broadcastMessages } from './messages';
import type { SendToPeopleProps } from './SendToPeople';
import './broadcast.css';

// The picker arrives with its chunk the first time a share dialog opens.
const LazySendToPeople = lazyRoute<SendToPeopleProps>(() =>
  import('./SendToPeople').then((module) => ({ default: module.SendToPeople })),
);

/**
 * "Share" on a message (seed 2, the share surface): a dialog with the
 * recipient tokenizer sends the message's text to each chosen person in their
 * own conversation. Rendered inside the conversation's Relay region.
 */
export function ShareMessageButton({ text, sender }: { text: string; sender: string }): ReactNode {
  const intl = useIntl();
  return (
    <DialogTrigger>
      <Button
        className="message-share"
        aria-label={intl.formatMessage(broadcastMessages.shareMessageFrom, { sender })}
      >
        {intl.formatMessage(broadcastMessages.share)}
      </Button>
      <ModalOverlay className="modal-overlay" isDismissable>
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
    </DialogTrigger>
  );
}
