import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Environment, Network, RecordSource, Store, type Variables } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { objectIdOf } from '@messenger/core';
import { personNode as node } from '../../test/people';
import { renderWithIntl } from '../../test/render';
import { RecipientTokenizer } from './RecipientTokenizer';
import { useRecipientSources, type RecipientSourceOptions } from './use-recipient-sources';
import { useTokenizer } from './use-tokenizer';

const ann = node('11', 'Ann Archer');
const bob = node('12', 'Bob Baker');
const cat = node('13', 'Cat Carter');

interface Request {
  name: string;
  variables: Variables;
}

/**
 * A Relay environment whose network answers as the server would for these
 * three people: Cat cannot receive money, so the payment queries leave her out.
 */
function fakeEnvironment(requests: Request[]): Environment {
  const network = Network.create((operation, variables) => {
    requests.push({ name: operation.name, variables });
    const edges = (nodes: unknown[]) => nodes.map((n) => ({ node: n }));
    switch (operation.name) {
      case 'useRecipientSourcesSuggestionsQuery':
        return {
          data: {
            viewer: {
              id: '1',
              messenger_contextual_ranked_users: { edges: edges([ann, bob, cat]) },
            },
          },
        };
      case 'useRecipientSourcesPaymentFriendsQuery':
        return { data: { viewer: { id: '1', all_friends: { edges: edges([ann, bob]) } } } };
      case 'useRecipientSourcesSearchQuery': {
        const people = variables.pay === true ? [ann, bob] : [ann, bob, cat];
        const query = String(variables.query).toLowerCase();
        const found = people.filter((p) => p.name.toLowerCase().includes(query));
        return {
          data: {
            search_profiles: { edges: found.map((n) => ({ subtext: null, node: n })) },
          },
        };
      }
      default:
        throw new Error(`unexpected ${operation.name}`);
    }
  });
  return new Environment({ network, store: new Store(new RecordSource()) });
}

function Picker({ options }: { options?: RecipientSourceOptions }): ReactNode {
  const model = useTokenizer();
  const picked = model.state.tokens.map((t) => objectIdOf(t.uniqueID));
  const sources = useRecipientSources(model.state.input, picked, options);
  return <RecipientTokenizer model={model} items={sources.items} searching={sources.searching} />;
}

function renderPicker(requests: Request[], options?: RecipientSourceOptions) {
  const environment = fakeEnvironment(requests);
  renderWithIntl(
    <RelayEnvironmentProvider environment={environment}>
      <Picker {...(options === undefined ? {} : { options })} />
    </RelayEnvironmentProvider>,
  );
}

const optionNames = async () =>
  within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

const suggestionIds = (requests: Request[]) =>
  requests
    .filter((r) => r.name === 'useRecipientSourcesSuggestionsQuery')
    .map((r) => (r.variables.ids as string[]).join(','));

describe('recipient sources', () => {
  it('fetches the suggestions again whenever the set of picked people changes', async () => {
    const user = userEvent.setup();
    const requests: Request[] = [];
    renderPicker(requests);
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    expect(await optionNames()).toEqual(['Ann Archer', 'Bob Baker', 'Cat Carter']);
    expect(suggestionIds(requests)).toEqual(['']);

    await user.click(screen.getByRole('option', { name: 'Ann Archer' }));
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Cat Carter' }));
    await act(() => Promise.resolve());
    expect(suggestionIds(requests)).toEqual(['', '11', '11,13']);

    // Backspace removes Cat: the set is Ann's alone again, asked for again.
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.keyboard('{Backspace}');
    await act(() => Promise.resolve());
    expect(suggestionIds(requests)).toEqual(['', '11', '11,13', '11']);
  });

  it('with the payment-recipient filter, offers only people the viewer can send money to', async () => {
    const user = userEvent.setup();
    const requests: Request[] = [];
    renderPicker(requests, { paymentRecipientsOnly: true });
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    expect(await optionNames()).toEqual(['Ann Archer', 'Bob Baker']);
    expect(requests.map((r) => r.name)).toEqual(['useRecipientSourcesPaymentFriendsQuery']);

    // The server search is asked with can_viewer_send_money too: Cat is not found.
    await user.keyboard('ca');
    await screen.findByText('No people found', {}, { timeout: 3000 });
    const search = requests.find((r) => r.name === 'useRecipientSourcesSearchQuery');
    expect(search?.variables).toEqual({ query: 'ca', pay: true });
  });

  it('without the filter, the search is not restricted', async () => {
    const user = userEvent.setup();
    const requests: Request[] = [];
    renderPicker(requests);
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.keyboard('ca');
    await screen.findByRole('option', { name: 'Cat Carter' });
    await vi.waitFor(() => {
      const search = requests.find((r) => r.name === 'useRecipientSourcesSearchQuery');
      expect(search?.variables).toEqual({ query: 'ca', pay: null });
    });
  });
});
