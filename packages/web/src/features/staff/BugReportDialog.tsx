import { BUG_REPORT_LIMITS } from '@messenger/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
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
import type { Api } from '../../http/api';
import { staffMessages } from './messages';
import { postBugReport, type BugReportKind } from './staff-client';

export interface BugReportDialogProps {
  api: Api;
  kind: BugReportKind;
  isOpen: boolean;
  onClose: () => void;
  /** The page the report is about; only http(s) pages are sent (the server refuses others). */
  pageUrl: string;
}

type SendState = 'idle' | 'sending' | 'sent' | 'failed';

/** The bug report form: staff post the employee report, others the external one. */
export function BugReportDialog({
  api,
  kind,
  isOpen,
  onClose,
  pageUrl,
}: BugReportDialogProps): ReactNode {
  const intl = useIntl();
  const [description, setDescription] = useState('');
  const [state, setState] = useState<SendState>('idle');

  const close = () => {
    setDescription('');
    setState('idle');
    onClose();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (description.trim() === '' || state === 'sending') return;
    setState('sending');
    const url = /^https?:/.test(pageUrl) ? pageUrl : undefined;
    postBugReport(api, kind, { description, ...(url === undefined ? {} : { url }) }).then(
      () => {
        setState('sent');
        setDescription('');
      },
      () => {
        setState('failed');
      },
    );
  };

  const title = kind === 'employee' ? staffMessages.employeeReportTitle : staffMessages.reportTitle;
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      <Modal className="modal-card staff-modal">
        <Dialog className="modal-dialog">
          <Heading slot="title" className="modal-title">
            {intl.formatMessage(title)}
          </Heading>
          {state === 'sent' ? (
            <>
              <p role="status">{intl.formatMessage(staffMessages.reportSent)}</p>
              <div className="modal-actions">
                <Button className="button button-primary" onPress={close} autoFocus>
                  {intl.formatMessage(staffMessages.reportClose)}
                </Button>
              </div>
            </>
          ) : (
            <form onSubmit={submit}>
              <TextField
                className="staff-field"
                value={description}
                onChange={setDescription}
                isRequired
                maxLength={BUG_REPORT_LIMITS.maxDescriptionLength}
                autoFocus
              >
                <Label>{intl.formatMessage(staffMessages.reportDescription)}</Label>
                <TextArea rows={5} />
              </TextField>
              {state === 'failed' ? (
                <p role="alert" className="staff-error">
                  {intl.formatMessage(staffMessages.reportFailed)}
                </p>
              ) : null}
              <div className="modal-actions">
                <Button className="button" onPress={close}>
                  {intl.formatMessage(staffMessages.reportCancel)}
                </Button>
                {/* Not isPending: it trips axe; a disabled button with a changed label says the same. */}
                <Button
                  type="submit"
                  className="button button-primary"
                  isDisabled={state === 'sending' || description.trim() === ''}
                >
                  {intl.formatMessage(
                    state === 'sending' ? staffMessages.reportSending : staffMessages.reportSend,
                  )}
                </Button>
              </div>
            </form>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
