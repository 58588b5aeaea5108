import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { CallController, CallView } from './call-controller';
import { callsMessages as m } from './messages';
import { isolateIn } from '../../i18n/isolate';

/** Rung on this device: Answer or Decline (a decline is shown to the caller as no answer). */
export function IncomingCallDialog({
  controller,
  view,
}: {
  controller: CallController;
  view: CallView;
}): ReactNode {
  const intl = useIntl();
  const state = view.state;
  if (state.status !== 'incoming_ringing') return null;
  const caller = view.call?.participants.find((p) => p.user_id === view.call?.initiator_id);
  const name = caller?.name ?? '';
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable={false}>
      <Modal className="modal-card incoming-call-card">
        <Dialog className="modal-dialog incoming-call" role="alertdialog">
          <Heading slot="title" className="modal-title">
            {intl.formatMessage(m.incomingCall)}
          </Heading>
          <p>{intl.formatMessage(m.isCalling, { name: isolateIn(intl, name) })}</p>
          <p className="incoming-call-kind">
            {intl.formatMessage(state.kind === 'video' ? m.videoCall : m.voiceCall)}
          </p>
          <div className="modal-actions">
            <Button
              className="button call-answer"
              onPress={() => {
                controller.answer();
              }}
            >
              {intl.formatMessage(m.answer)}
            </Button>
            <Button
              className="button call-decline"
              onPress={() => {
                controller.reject();
              }}
            >
              {intl.formatMessage(m.decline)}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
