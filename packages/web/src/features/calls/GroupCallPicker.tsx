import {
  pickerNotes,
  pickerRow,
  type CallKind,
  type ParticipantState,
  type WireCall,
} from '@messenger/core';
import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  Heading,
  ListBox,
  ListBoxItem,
  Modal,
  ModalOverlay,
  type Selection,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { callsMessages as m } from './messages';

/** Someone the call buttons can ring: the thread's other participants. */
export interface CallPerson {
  id: string;
  shown: string;
}

export interface GroupCallPickerProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  isGroup: boolean;
  people: readonly CallPerson[];
  /** The call running in the thread, for each row's status. */
  call: WireCall | null;
  /** People the viewer blocked, among `people` (they are rung only after the note). */
  blockedIds?: ReadonlySet<string>;
  onCall: (kind: CallKind, userIds: string[]) => void;
}

/**
 * Seed 2: the remote users with their call status; rows in a call show
 * 'In Call' and cannot be picked; the thread row carries the notes; call buttons.
 */
export function GroupCallPicker(props: GroupCallPickerProps): ReactNode {
  const { isOpen, onOpenChange } = props;
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className="modal">
        <Dialog className="dialog call-picker">
          {/* Mounted per opening: the choice starts again from everyone who can be rung. */}
          <PickerBody {...props} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function PickerBody({
  title,
  isGroup,
  people,
  call,
  blockedIds,
  onCall,
}: GroupCallPickerProps): ReactNode {
  const intl = useIntl();
  const stateOf = (id: string): ParticipantState =>
    call?.participants.find((p) => p.user_id === id)?.state ?? 'disconnected';
  const rows = people.map((p) => ({ person: p, row: pickerRow({ state: stateOf(p.id) }) }));
  const disabled = rows.filter((r) => !r.row.clickable).map((r) => r.person.id);
  const [selected, setSelected] = useState<Selection>(
    () => new Set(rows.filter((r) => r.row.clickable).map((r) => r.person.id)),
  );
  const chosen =
    selected === 'all'
      ? rows.filter((r) => r.row.clickable).map((r) => r.person.id)
      : [...selected].map(String);
  const notes = pickerNotes({
    isThreadRow: true,
    isGroup,
    hasBlockedRecipients: chosen.some((id) => blockedIds?.has(id) === true),
  });
  return (
    <>
      <Heading slot="title" className="dialog-title">
        {intl.formatMessage(m.pickerTitle)}
      </Heading>
      <div className="call-picker-thread" data-testid="call-picker-thread-row">
        <p className="call-picker-thread-title" dir="auto">
          {title}
        </p>
        {notes.map((note) => (
          <p key={note.id} className="call-picker-note">
            {intl.formatMessage(note)}
          </p>
        ))}
      </div>
      <ListBox
        aria-label={intl.formatMessage(m.pickerPeople)}
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        disabledKeys={disabled}
        className="call-picker-list"
      >
        {rows.map(({ person, row }) => (
          <ListBoxItem
            key={person.id}
            id={person.id}
            textValue={person.shown}
            className="call-picker-row"
          >
            <span>{person.shown}</span>
            {row.statusText === null ? null : (
              <span className="call-picker-status"> · {intl.formatMessage(row.statusText)}</span>
            )}
          </ListBoxItem>
        ))}
      </ListBox>
      <div className="dialog-actions">
        <Button
          className="button"
          isDisabled={chosen.length === 0}
          onPress={() => {
            onCall('voice', chosen);
          }}
        >
          {intl.formatMessage(m.voiceCall)}
        </Button>
        <Button
          className="button"
          isDisabled={chosen.length === 0}
          onPress={() => {
            onCall('video', chosen);
          }}
        >
          {intl.formatMessage(m.videoCall)}
        </Button>
        <Button slot="close" className="button">
          {intl.formatMessage(m.cancel)}
        </Button>
      </div>
    </>
  );
}
