import { makeUniqueID } from '@messenger/core';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
  useFilter,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import type { AddPeoplePickerAddMutation } from './__generated__/AddPeoplePickerAddMutation.graphql';
import type { AddPeoplePickerQuery } from './__generated__/AddPeoplePickerQuery.graphql';
import {
  silentSearchFunnel,
  useSearchFunnel,
  type SearchFunnel,
} from '../analytics/use-search-funnel';
import type { useChangeStatus } from './change-status';
import { InertOutsideOpenCombo } from '../../ui/InertOutsideOpenCombo';
import { conversationMessages } from './messages';

/** The friend list's page size (PAGE_SIZES.bootstrap): one page is enough to pick from. */
const BUDDY_PAGE = 100;

export interface AddPeoplePickerProps {
  threadId: string;
  present: readonly string[];
  status: ReturnType<typeof useChangeStatus>;
  refresh: () => void;
}

/** The picker logging its search to the group creation funnel (seed 4). */
export function AddPeoplePicker(props: AddPeoplePickerProps): ReactNode {
  const funnel = useSearchFunnel('group_creation');
  return <AddPeopleForm {...props} funnel={funnel} />;
}

/**
 * Adds one of the viewer's friends to the group: an accessible combobox over
 * the friend list (people already in the group left out), then "Add". The
 * server checks blocks and the group size limit. Its search is a funnel:
 * typing opens it, the friends the list shows are its impressions (all local,
 * so no source events), a pick is result_selected, and adding the person ends
 * it (unmounting ends it too).
 */
export function AddPeopleForm({
  threadId,
  present,
  status,
  refresh,
  funnel = silentSearchFunnel,
}: AddPeoplePickerProps & { funnel?: SearchFunnel }): ReactNode {
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
  const { contains } = useFilter({ sensitivity: 'base' });
  // The rows the combobox shows for the query (its own default filter), as search entries.
  const shown = useMemo(
    () =>
      candidates
        .filter((person) => contains(person.name, query))
        .map((person) => ({
          uniqueID: makeUniqueID('friend', person.id),
          type: 'friend' as const,
        })),
    [candidates, contains, query],
  );
  const selectedName = candidates.find((person) => person.id === selected)?.name ?? null;
  const logged = useRef('');
  useEffect(() => {
    // A pick writes the person's name into the field: that is not a query.
    if (query === logged.current || query === selectedName) return;
    logged.current = query;
    if (query === '' && !funnel.isOpen()) return;
    funnel.queryChanged(query);
    if (query !== '') funnel.impressions(shown);
  }, [funnel, query, selectedName, shown]);
  useEffect(
    () => () => {
      funnel.end();
    },
    [funnel],
  );
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
            funnel.end();
            logged.current = '';
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
        onChange={(key) => {
          // React Aria may report the same selection again (on commit): one pick, one event.
          if (key === selected) return;
          setSelected(key);
          if (key === null) return;
          const uniqueID = makeUniqueID('friend', String(key));
          const position = shown.findIndex((row) => row.uniqueID === uniqueID);
          funnel.resultSelected({ uniqueID, type: 'friend' }, Math.max(0, position));
        }}
        inputValue={query}
        onInputChange={setQuery}
        menuTrigger="focus"
      >
        <Label>{intl.formatMessage(conversationMessages.addPeople)}</Label>
        <Input />
        <InertOutsideOpenCombo />
        <Popover className="combo-box-popover">
          <ListBox className="combo-box-list">
            {(person: (typeof candidates)[number]) => (
              <ListBoxItem id={person.id} textValue={person.name} className="combo-box-item">
                <bdi>{person.name}</bdi>
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
