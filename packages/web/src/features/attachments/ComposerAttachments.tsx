import { ATTACHMENT_MIME_TYPES } from '@messenger/core';
import { Image as ImageIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, FileTrigger, Label, ProgressBar } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { ComposerAttachments as Attachments } from './composer-attachments';
import { attachmentMessages } from './messages';
import './attachments.css';

/** The composer's file button: picks several images at once. */
export function AddImagesButton({ attachments }: { attachments: Attachments }): ReactNode {
  const intl = useIntl();
  return (
    <FileTrigger
      acceptedFileTypes={[...ATTACHMENT_MIME_TYPES]}
      allowsMultiple
      onSelect={(list) => {
        if (list !== null) attachments.add(Array.from(list));
      }}
    >
      {/* An icon beside the emoji button (issue 34: its words took a whole row of a chat tab); they stay its name. */}
      <Button className="button composer-add-images">
        <ImageIcon className="composer-icon" size={20} aria-hidden="true" focusable="false" />
        <span className="visually-hidden">{intl.formatMessage(attachmentMessages.addImages)}</span>
      </Button>
    </FileTrigger>
  );
}

/** The images waiting to go with the message: previews, upload progress, refusals. */
export function AttachmentTray({ attachments }: { attachments: Attachments }): ReactNode {
  const intl = useIntl();
  if (attachments.images.length === 0) return null;
  return (
    <ul className="attachment-tray" aria-label={intl.formatMessage(attachmentMessages.tray)}>
      {attachments.images.map((image) => (
        <li key={image.localId} className="attachment-tray-item" data-status={image.status}>
          {image.preview === '' ? null : (
            <img className="attachment-tray-preview" src={image.preview} alt={image.name} />
          )}
          {image.status === 'uploading' ? (
            <ProgressBar className="attachment-progress" value={Math.round(image.progress * 100)}>
              <Label className="visually-hidden">
                {intl.formatMessage(attachmentMessages.uploading, { name: image.name })}
              </Label>
              <div className="attachment-progress-track">
                <div
                  className="attachment-progress-fill"
                  style={{ width: `${String(Math.round(image.progress * 100))}%` }}
                />
              </div>
            </ProgressBar>
          ) : null}
          {image.status === 'failed' ? (
            <p className="attachment-error" role="alert">
              {intl.formatMessage(image.error, image.values)}
            </p>
          ) : null}
          <Button
            className="button attachment-remove"
            aria-label={intl.formatMessage(attachmentMessages.remove, { name: image.name })}
            onPress={() => {
              attachments.remove(image.localId);
            }}
          >
            ×
          </Button>
        </li>
      ))}
    </ul>
  );
}
