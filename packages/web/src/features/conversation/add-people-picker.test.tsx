import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Environment, Network, RecordSource, Store, type GraphQLResponse } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingFunnels } from '../../test/funnels';
import { renderWithIntl } from '../../test/render';
import { AddPeopleForm } from './AddPeoplePicker';

const FRIENDS = [
  { id: '11', name: 'Ann Archer' },
  { id: '12', name: 'Andy Baker' },
  { id: '13', name: 'Cat Carter' },
];

/** The friend list and add_thread_participants as the server answers them. */
function fakeEnvironment(added: string[][]): Environment {
  const network = Network.create((operation, variables): GraphQLResponse => {
    if (operation.name === 'AddPeoplePickerQuery') {
      return {
        data: {
          viewer: {
            id: '1',
            chat_buddylist: {
              edges: FRIENDS.map((node) => ({ node: { __typename: 'User', ...node } })),
            },
          },
        },
      };
    }
    if (operation.name === 'AddPeoplePickerAddMutation') {
      added.push(variables.ids as string[]);
      return { data: { add_thread_participants: { thread_id: '70' } } };
    }
    throw new Error(`unexpected ${operation.name}`);
  });
  return new Environment({ network, store: new Store(new RecordSource()) });
}

let made: ReturnType<typeof recordingFunnels>[] = [];
afterEach(() => {
  for (const funnels of made) funnels.client.dispose();
  made = [];
});

function renderPicker(added: string[][] = []) {
  const recorded = recordingFunnels();
  made.push(recorded);
  const status = { current: { kind: 'idle' as const }, saved: vi.fn(), failed: vi.fn() };
  const view = renderWithIntl(
    <RelayEnvironmentProvider environment={fakeEnvironment(added)}>
      <Suspense fallback="loading">
        <AddPeopleForm
          threadId="70"
          present={['1']}
          status={status}
          refresh={() => undefined}
          funnel={recorded.funnel('group_creation')}
        />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  return { recorded, view, status };
}

describe('adding people to a group', () => {
  it('logs the search to the group creation funnel, ended when the person is added', async () => {
    const user = userEvent.setup();
    const added: string[][] = [];
    const { recorded, status } = renderPicker(added);
    const box = await screen.findByRole('combobox', { name: 'Add people' });
    await user.click(box);
    await user.keyboard('An');
    await user.click(await screen.findByRole('option', { name: 'Andy Baker' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => {
      expect(status.saved).toHaveBeenCalled();
    });
    expect(added).toEqual([['12']]);
    // The picked name written into the field is not a query of its own.
    expect(await recorded.stored()).toEqual([
      [
        'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
        [
          'start',
          'query_changed',
          'impressions',
          'query_changed',
          'impressions',
          'result_selected',
          'end',
        ],
      ],
    ]);
    const actions = recorded.batches[0]?.records[0]?.actions ?? [];
    expect(actions.filter((a) => a.name === 'impressions').at(-1)?.payload).toEqual({
      count: 2,
      friend: 2,
    });
    expect(actions.find((a) => a.name === 'result_selected')).toMatchObject({
      tag: 'friend',
      payload: { unique_id: 'friend:12', position: 1 },
    });
    expect(recorded.batches[0]?.records[0]?.tags).toEqual(['entrypoint:group_creation']);
  });

  it('ends the search when the picker goes away without anyone added', async () => {
    const user = userEvent.setup();
    const { recorded, view } = renderPicker();
    await user.click(await screen.findByRole('combobox', { name: 'Add people' }));
    await user.keyboard('C');
    await screen.findByRole('option', { name: 'Cat Carter' });
    view.unmount();
    expect(await recorded.stored()).toEqual([
      ['WWW_MESSENGER_GROUP_CREATION_FUNNEL', ['start', 'query_changed', 'impressions', 'end']],
    ]);
  });
});
