import { useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  ComboBox,
  Form,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import type { AddPeoplePickerAddMutation } from './__generated__/AddPeoplePickerAddMutation.graphql';
import type { AddPeoplePickerQuery } from './__generated__/AddPeoplePickerQuery.graphql';
import type { useChangeStatus } from './change-status';
import { conversationMessages } from './messages';

/** The friend list's page size (PAGE_SIZES.bootstrap): one page is enough to pick from. */
const BUDDY_PAGE = 100;

/**
 * Adds one of the viewer's friends to the group: an accessible combobox over
 * the friend list (people already in the group left out), then "Add". The
 * server checks blocks and the group size limit.
 */
export function AddPeoplePicker({
  threadId,
  present,
  status,
  refresh,
}: {
  threadId: string;
  present: readonly string[];
  status: ReturnType<typeof useChangeStatus>;
  refresh: () => void;
}): ReactNode {
  const intl = useIntl();
  const data = useLazyLoadQuery<AddPeoplePickerQuery>(
    graphql`
      query AddPeoplePickerQuery($first: Int!) {
        viewer {
          chat_buddylist(first: $first) {
            edges {
              node {
                id
                name
              }
            }
          }
        }
      }
    `,
    { first: BUDDY_PAGE },
  );
  const candidates = useMemo(() => {
    const inThread = new Set(present);
    return data.viewer.chat_buddylist.edges
      .map((edge) => edge.node)
      .filter((node) => !inThread.has(node.id));
  }, [data, present]);
  const [selected, setSelected] = useState<Key | null>(null);
  const [query, setQuery] = useState('');
  const [commit, inFlight] = useMutation<AddPeoplePickerAddMutation>(graphql`
    mutation AddPeoplePickerAddMutation($threadId: ID!, $ids: [ID!]!) {
      add_thread_participants(thread_id: $threadId, participant_ids: $ids) {
        thread_id
      }
    }
  `);

  if (candidates.length === 0) {
    return <p>{intl.formatMessage(conversationMessages.noOneToAdd)}</p>;
  }
  return (
    <Form
      className="thread-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected === null || inFlight) return;
        commit({
          variables: { threadId, ids: [String(selected)] },
          onCompleted: () => {
            setSelected(null);
            setQuery('');
            status.saved();
            refresh();
          },
          onError: status.failed,
        });
      }}
    >
      <ComboBox
        className="combo-box"
        defaultItems={candidates}
        value={selected}
        onChange={setSelected}
        inputValue={query}
        onInputChange={setQuery}
        menuTrigger="focus"
      >
        <Label>{intl.formatMessage(conversationMessages.addPeople)}</Label>
        <Input />
        <Popover className="combo-box-popover">
          <ListBox className="combo-box-list">
            {(person: (typeof candidates)[number]) => (
              <ListBoxItem id={person.id} textValue={person.name} className="combo-box-item">
                {person.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <Button type="submit" className="button button-primary" isDisabled={selected === null}>
        {intl.formatMessage(conversationMessages.addPerson)}
      </Button>
    </Form>
  );
}
