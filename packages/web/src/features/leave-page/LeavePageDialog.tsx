import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { leavePageMessages } from './messages';

export interface LeavePageDialogProps {
  isOpen: boolean;
  onLeave: () => void;
  onStay: () => void;
}

/**
 * 'Leave Page?' (seed 2), 450 px wide. Staying is the safe choice: it has the
 * focus first, and Escape or a click outside means stay.
 */
export function LeavePageDialog({ isOpen, onLeave, onStay }: LeavePageDialogProps): ReactNode {
  const intl = useIntl();
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
    >
      <Modal className="modal-card leave-page-modal" style={{ width: 450 }}>
        <Dialog className="modal-dialog">
          <Heading slot="title" className="modal-title">
            {intl.formatMessage(leavePageMessages.title)}
          </Heading>
          <p>{intl.formatMessage(leavePageMessages.body)}</p>
          <div className="modal-actions">
            <Button className="button" onPress={onLeave}>
              {intl.formatMessage(leavePageMessages.leave)}
            </Button>
            <Button className="button button-primary" onPress={onStay} autoFocus>
              {intl.formatMessage(leavePageMessages.stay)}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
