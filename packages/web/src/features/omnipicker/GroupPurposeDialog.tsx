import { GROUP_PURPOSE_LIMITS, type MessageDescriptor } from '@messenger/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  Button,
  Dialog,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  RadioButton,
  RadioField,
  RadioGroup,
  TextField,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Api } from '../../http/api';
import { savePurpose, type GroupPurposeBody } from './group-purpose-client';
import { omnipickerMessages } from './messages';

/** Our choices (the seed says only that a purpose is a required string). */
export const GROUP_PURPOSES = ['project', 'team', 'event', 'social', 'other'] as const;
export type GroupPurpose = (typeof GROUP_PURPOSES)[number];

const PURPOSE_LABELS: Record<GroupPurpose, MessageDescriptor> = {
  project: omnipickerMessages.purposeProject,
  team: omnipickerMessages.purposeTeam,
  event: omnipickerMessages.purposeEvent,
  social: omnipickerMessages.purposeSocial,
  other: omnipickerMessages.purposeOther,
};

export interface GroupPurposeDialogProps {
  api: Api;
  isOpen: boolean;
  /** Where the group is being created (sent as the seed's `ref`), e.g. `omnipicker`. */
  origin: string;
  /** The group's name as typed so far; the dialog lets it be changed. */
  initialName: string;
  /** The viewer's company (the seed's `community`), when they have one. */
  community: string | null;
  /** The picked people who are the viewer's coworkers. */
  coworkerIds: readonly string[];
  /** No way back to the picker: only saving moves on. */
  backDisallowed?: boolean;
  onBack: () => void;
  /** The purpose is stored; the group can be created with this name. */
  onSaved: (saved: { id: string; name: string }) => void;
}

type Problem =
  | { kind: 'field'; field: 'purpose' | 'name' }
  | { kind: 'other'; reason: string }
  | { kind: 'offline' };

/**
 * The work group purpose dialog (seed section 3, "Group purpose
 * parameters"): asked of a work account before its new group is created,
 * saved through POST /work/group_creation/dialog/save_purpose/. The server
 * checks every field; its 400 is shown by the field it names.
 */
export function GroupPurposeDialog(props: GroupPurposeDialogProps): ReactNode {
  const { api, isOpen, initialName, community, coworkerIds, onBack, onSaved } = props;
  const backDisallowed = props.backDisallowed ?? false;
  const intl = useIntl();
  const [purpose, setPurpose] = useState<string>('');
  const [name, setName] = useState(initialName);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setProblem(null);
    const trimmed = name.trim();
    const coworkers = coworkerIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    const body: GroupPurposeBody = {
      purpose,
      ref: props.origin,
      ...(trimmed === '' ? {} : { name: trimmed }),
      ...(community === null ? {} : { community }),
      coworkers_to_invite: coworkers,
      back_disallowed: backDisallowed,
    };
    savePurpose(api, body).then(
      (result) => {
        setSaving(false);
        if (result.ok) {
          onSaved({ id: result.id, name: trimmed });
          return;
        }
        if (result.field === 'purpose' || result.field === 'name') {
          setProblem({ kind: 'field', field: result.field });
        } else setProblem({ kind: 'other', reason: result.message });
      },
      () => {
        setSaving(false);
        setProblem({ kind: 'offline' });
      },
    );
  };

  let problemText: string | null = null;
  if (problem?.kind === 'field' && problem.field === 'purpose') {
    problemText = intl.formatMessage(omnipickerMessages.purposeNeeded);
  } else if (problem?.kind === 'field') {
    problemText = intl.formatMessage(omnipickerMessages.purposeNameRefused, {
      max: GROUP_PURPOSE_LIMITS.maxNameLength,
    });
  } else if (problem?.kind === 'other') {
    problemText = intl.formatMessage(omnipickerMessages.purposeFailed, { reason: problem.reason });
  } else if (problem?.kind === 'offline') {
    problemText = intl.formatMessage(omnipickerMessages.purposeOffline);
  }
  const invalid = (field: 'purpose' | 'name') =>
    problem?.kind === 'field' && problem.field === field;

  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      isDismissable={!backDisallowed}
      isKeyboardDismissDisabled={backDisallowed}
      onOpenChange={(open) => {
        if (!open) onBack();
      }}
    >
      <Modal className="modal-card omni-modal">
        <Dialog className="modal-dialog">
          <Heading slot="title" className="modal-title">
            {intl.formatMessage(omnipickerMessages.purposeTitle)}
          </Heading>
          <form onSubmit={submit}>
            <RadioGroup
              className="omni-purposes"
              value={purpose === '' ? null : purpose}
              onChange={setPurpose}
              isInvalid={invalid('purpose')}
              // Shown, not enforced: native validity would block the next submit.
              validationBehavior="aria"
            >
              <Label>{intl.formatMessage(omnipickerMessages.purposeLabel)}</Label>
              {GROUP_PURPOSES.map((value) => (
                <RadioField key={value} value={value}>
                  <RadioButton className="omni-purpose">
                    {intl.formatMessage(PURPOSE_LABELS[value])}
                  </RadioButton>
                </RadioField>
              ))}
            </RadioGroup>
            <TextField
              className="omni-field"
              value={name}
              onChange={setName}
              maxLength={GROUP_PURPOSE_LIMITS.maxNameLength}
              isInvalid={invalid('name')}
              validationBehavior="aria"
            >
              <Label>{intl.formatMessage(omnipickerMessages.groupName)}</Label>
              <Input />
            </TextField>
            {problemText !== null ? (
              <p role="alert" className="composer-error">
                {problemText}
              </p>
            ) : null}
            <div className="modal-actions">
              {backDisallowed ? null : (
                <Button className="button" onPress={onBack}>
                  {intl.formatMessage(omnipickerMessages.purposeBack)}
                </Button>
              )}
              <Button type="submit" className="button button-primary" isDisabled={saving}>
                {intl.formatMessage(
                  saving ? omnipickerMessages.purposeSaving : omnipickerMessages.purposeSave,
                )}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
