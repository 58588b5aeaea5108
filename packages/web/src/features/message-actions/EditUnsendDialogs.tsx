import { messageTextSchema } from '@messenger/core';
import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  TextArea,
  TextField,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { messageActionsMessages } from './messages';
import { useEditUnsend, type EditFailure } from './use-edit-unsend';

export type EditUnsendMode = 'edit' | 'unsend' | null;

export interface EditUnsendDialogsProps {
  messageId: string;
  text: string;
  mode: EditUnsendMode;
  onClose: () => void;
}

/** The edit dialog (the text, changed and saved) and the unsend confirmation of one's own message. */
export function EditUnsendDialogs({
  messageId,
  text,
  mode,
  onClose,
}: EditUnsendDialogsProps): ReactNode {
  const intl = useIntl();
  const { edit, unsend } = useEditUnsend();
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    setBusy(false);
    setDraft(text);
    onClose();
  };
  const failed = (failure: EditFailure, tooOld: string) => {
    setBusy(false);
    setError(
      failure === 'window_closed'
        ? tooOld
        : intl.formatMessage(messageActionsMessages.changeFailed),
    );
  };
  const save = () => {
    if (!messageTextSchema.safeParse(draft).success || busy) return;
    setBusy(true);
    edit(messageId, draft, (failure) => {
      if (failure === null) close();
      else failed(failure, intl.formatMessage(messageActionsMessages.tooOldToEdit));
    });
  };
  const confirmUnsend = () => {
    if (busy) return;
    setBusy(true);
    unsend(messageId, (failure) => {
      if (failure === null) close();
      else failed(failure, intl.formatMessage(messageActionsMessages.tooOldToUnsend));
    });
  };
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={mode !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <Modal className="modal-card">
        <Dialog className="modal-dialog" role={mode === 'unsend' ? 'alertdialog' : 'dialog'}>
          <Heading slot="title" className="modal-title">
            {intl.formatMessage(
              mode === 'unsend'
                ? messageActionsMessages.unsendTitle
                : messageActionsMessages.editTitle,
            )}
          </Heading>
          {mode === 'edit' ? (
            <TextField
              value={draft}
              onChange={setDraft}
              autoFocus
              className="edit-message-field"
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  save();
                }
              }}
            >
              <Label className="visually-hidden">
                {intl.formatMessage(messageActionsMessages.editTitle)}
              </Label>
              <TextArea rows={3} />
            </TextField>
          ) : (
            <p>{intl.formatMessage(messageActionsMessages.unsendBody)}</p>
          )}
          {error === null ? null : (
            <p role="alert" className="composer-error">
              {error}
            </p>
          )}
          <div className="modal-actions">
            <Button className="button" onPress={close}>
              {intl.formatMessage(messageActionsMessages.cancel)}
            </Button>
            <Button
              className="button button-primary"
              isDisabled={busy}
              onPress={mode === 'unsend' ? confirmUnsend : save}
            >
              {intl.formatMessage(
                mode === 'unsend' ? messageActionsMessages.unsend : messageActionsMessages.save,
              )}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
