import { Suspense, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Text,
  TextField,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { ThreadSettingsDialogNicknameMutation } from './__generated__/ThreadSettingsDialogNicknameMutation.graphql';
import type { ThreadSettingsDialogRemoveMutation } from './__generated__/ThreadSettingsDialogRemoveMutation.graphql';
import type { ThreadSettingsDialogRenameMutation } from './__generated__/ThreadSettingsDialogRenameMutation.graphql';
import { AddPeoplePicker } from './AddPeoplePicker';
import { conversationMessages } from './messages';
import { useChangeStatus, type ChangeStatus } from './change-status';
import type { ThreadPerson } from './thread-people';
import { isolateIn } from '../../i18n/isolate';

export interface ThreadSettingsDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  threadId: string;
  isGroup: boolean;
  groupName: string | null;
  /** Everyone in the thread, the viewer included. */
  people: readonly ThreadPerson[];
  viewerParticipantId: string;
  /** Reads the conversation again (nicknames and people are not patched in place). */
  refresh: () => void;
}

/**
 * The conversation's settings in a modal dialog: the group's name, a
 * nickname for each person (any thread), and for a group removing and adding
 * people. Every change goes to the server, which tells every member's open
 * thread through the sync socket.
 */
export function ThreadSettingsDialog(props: ThreadSettingsDialogProps): ReactNode {
  const intl = useIntl();
  const status = useChangeStatus();
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
    >
      <Modal className="modal">
        <Dialog className="dialog thread-settings">
          <Heading slot="title" className="dialog-title">
            {intl.formatMessage(conversationMessages.settings)}
          </Heading>
          <ChangeStatusLine status={status.current} />
          {props.isGroup ? (
            <RenameForm threadId={props.threadId} groupName={props.groupName} status={status} />
          ) : null}
          <section aria-labelledby="thread-settings-people">
            <h3 id="thread-settings-people">{intl.formatMessage(conversationMessages.people)}</h3>
            <ul className="thread-settings-people">
              {props.people.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  isViewer={person.id === props.viewerParticipantId}
                  threadId={props.threadId}
                  canRemove={props.isGroup && person.id !== props.viewerParticipantId}
                  status={status}
                  refresh={props.refresh}
                />
              ))}
            </ul>
          </section>
          {props.isGroup ? (
            <Suspense
              fallback={
                <p role="status">{intl.formatMessage(conversationMessages.loadingFriends)}</p>
              }
            >
              <AddPeoplePicker
                threadId={props.threadId}
                present={props.people.map((p) => p.id)}
                status={status}
                refresh={props.refresh}
              />
            </Suspense>
          ) : null}
          <Button slot="close" className="button">
            {intl.formatMessage(conversationMessages.close)}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function ChangeStatusLine({ status }: { status: ChangeStatus }): ReactNode {
  const intl = useIntl();
  return (
    <p role="status" className={status.kind === 'failed' ? 'dialog-error' : 'dialog-status'}>
      {status.kind === 'failed'
        ? intl.formatMessage(conversationMessages.changeFailed, { reason: status.reason })
        : status.kind === 'saved'
          ? intl.formatMessage(conversationMessages.changeSaved)
          : ''}
    </p>
  );
}

function RenameForm({
  threadId,
  groupName,
  status,
}: {
  threadId: string;
  groupName: string | null;
  status: ReturnType<typeof useChangeStatus>;
}): ReactNode {
  const intl = useIntl();
  const [name, setName] = useState(groupName ?? '');
  const [commit, inFlight] = useMutation<ThreadSettingsDialogRenameMutation>(graphql`
    mutation ThreadSettingsDialogRenameMutation($threadId: ID!, $name: String) {
      rename_thread(thread_id: $threadId, name: $name) {
        thread_id
        name
      }
    }
  `);
  return (
    <Form
      className="thread-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (inFlight) return;
        const trimmed = name.trim();
        commit({
          variables: { threadId, name: trimmed === '' ? null : trimmed },
          // The header reads group_name from the thread's own record: rename it there at once.
          updater: (store, data) => {
            store.get(threadId)?.setValue(data?.rename_thread.name ?? null, 'group_name');
          },
          onCompleted: status.saved,
          onError: status.failed,
        });
      }}
    >
      <TextField value={name} onChange={setName} className="text-field">
        <Label>{intl.formatMessage(conversationMessages.groupName)}</Label>
        <Input />
        <Text slot="description">{intl.formatMessage(conversationMessages.groupNameHelp)}</Text>
      </TextField>
      <Button type="submit" className="button button-primary">
        {intl.formatMessage(conversationMessages.saveGroupName)}
      </Button>
    </Form>
  );
}

function PersonRow({
  person,
  isViewer,
  threadId,
  canRemove,
  status,
  refresh,
}: {
  person: ThreadPerson;
  isViewer: boolean;
  threadId: string;
  canRemove: boolean;
  status: ReturnType<typeof useChangeStatus>;
  refresh: () => void;
}): ReactNode {
  const intl = useIntl();
  const [nickname, setNickname] = useState(person.nickname ?? '');
  const [commitNickname] = useMutation<ThreadSettingsDialogNicknameMutation>(graphql`
    mutation ThreadSettingsDialogNicknameMutation(
      $threadId: ID!
      $participantId: ID!
      $nickname: String
    ) {
      set_thread_nickname(
        thread_id: $threadId
        participant_id: $participantId
        nickname: $nickname
      ) {
        thread_id
      }
    }
  `);
  const [commitRemove] = useMutation<ThreadSettingsDialogRemoveMutation>(graphql`
    mutation ThreadSettingsDialogRemoveMutation($threadId: ID!, $participantId: ID!) {
      remove_thread_participant(thread_id: $threadId, participant_id: $participantId) {
        thread_id
      }
    }
  `);
  const save = (value: string | null) => {
    commitNickname({
      variables: { threadId, participantId: person.id, nickname: value },
      onCompleted: () => {
        status.saved();
        refresh();
      },
      onError: status.failed,
    });
  };
  const label = isViewer
    ? intl.formatMessage(conversationMessages.youSuffix, { name: isolateIn(intl, person.name) })
    : person.name;
  return (
    <li className="thread-settings-person">
      <Form
        className="thread-settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = nickname.trim();
          save(trimmed === '' ? null : trimmed);
        }}
      >
        <TextField value={nickname} onChange={setNickname} className="text-field">
          <Label>
            {intl.formatMessage(conversationMessages.nicknameFor, { name: isolateIn(intl, label) })}
          </Label>
          <Input />
        </TextField>
        <Button type="submit" className="button">
          {intl.formatMessage(conversationMessages.saveNickname, {
            name: isolateIn(intl, person.name),
          })}
        </Button>
        {person.nickname === null ? null : (
          <Button
            className="button"
            onPress={() => {
              setNickname('');
              save(null);
            }}
          >
            {intl.formatMessage(conversationMessages.clearNickname, {
              name: isolateIn(intl, person.name),
            })}
          </Button>
        )}
        {canRemove ? (
          <Button
            className="button"
            onPress={() => {
              commitRemove({
                variables: { threadId, participantId: person.id },
                onCompleted: () => {
                  status.saved();
                  refresh();
                },
                onError: status.failed,
              });
            }}
          >
            {intl.formatMessage(conversationMessages.removePerson, {
              name: isolateIn(intl, person.shown),
            })}
          </Button>
        ) : null}
      </Form>
    </li>
  );
}
