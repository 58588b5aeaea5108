import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RelayEnvironmentProvider } from 'react-relay';
import {
  Environment,
  Network,
  RecordSource,
  Store,
  type GraphQLResponse,
  type Variables,
} from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingFunnels } from '../../test/funnels';
import { personNode as node } from '../../test/people';
import { renderWithIntl } from '../../test/render';
import type { SearchFunnel } from '../analytics/use-search-funnel';
import { SendToPeopleForm, type SendToPeopleProps } from './SendToPeople';

const people = [node('11', 'Ann Archer'), node('12', 'Bob Baker'), node('13', 'Cat Carter')];

type Input = { recipient_ids: string[]; text: string; offline_threading_id: string; kind: string };

/**
 * Suggestions are the three people; broadcast_message answers as the server
 * does: a delivery per recipient, or, for anyone listed in `refuse`, the
 * error naming their place in the list.
 */
function fakeEnvironment(sent: Input[], refuse: string[] = []): Environment {
  const network = Network.create((operation, variables: Variables): GraphQLResponse => {
    if (operation.name === 'useRecipientSourcesSuggestionsQuery') {
      return {
        data: {
          viewer: {
            id: '1',
            messenger_contextual_ranked_users: { edges: people.map((n) => ({ node: n })) },
          },
        },
      };
    }
    if (operation.name === 'broadcastMutation') {
      const input = variables.input as Input;
      sent.push(input);
      const refused = input.recipient_ids.findIndex((id) => refuse.includes(id));
      if (refused >= 0) {
        return {
          data: null,
          errors: [
            {
              message: 'You cannot message this person.',
              extensions: { code: 'blocked', field: `recipient_ids[${String(refused)}]` },
            },
          ],
          // The server's errors carry extensions, which Relay's PayloadError type leaves out.
        } as unknown as GraphQLResponse;
      }
      return {
        data: {
          broadcast_message: {
            kind: input.kind,
            deliveries: input.recipient_ids.map((id, i) => ({
              recipient_id: id,
              created: true,
              message: { id: `m${id}`, thread_id: `70${String(i)}` },
            })),
          },
        },
      };
    }
    throw new Error(`unexpected ${operation.name}`);
  });
  return new Environment({ network, store: new Store(new RecordSource()) });
}

function renderForm(environment: Environment, props: SendToPeopleProps, funnel?: SearchFunnel) {
  return renderWithIntl(
    <RelayEnvironmentProvider environment={environment}>
      <SendToPeopleForm {...props} isWork={false} {...(funnel ? { funnel } : {})} />
    </RelayEnvironmentProvider>,
  );
}

let funnelClients: ReturnType<typeof recordingFunnels>[] = [];
function funnels() {
  const made = recordingFunnels();
  funnelClients.push(made);
  return made;
}
afterEach(() => {
  for (const made of funnelClients) made.client.dispose();
  funnelClients = [];
});

async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'To' }));
  // Typing opens the dropdown again after an earlier pick.
  await user.keyboard(name.slice(0, 2));
  await user.click(await screen.findByRole('option', { name }));
  // The open dropdown hides the rest of the page from assistive technology.
  await user.keyboard('{Escape}');
}

describe('SendToPeopleForm', () => {
  it('broadcasts one text to each picked person and links their conversations', async () => {
    const user = userEvent.setup();
    const sent: Input[] = [];
    renderForm(fakeEnvironment(sent), { kind: 'broadcast' });
    await pick(user, 'Ann Archer');
    await pick(user, 'Bob Baker');
    await pick(user, 'Cat Carter');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Meeting moved to 3');
    await user.click(screen.getByRole('button', { name: 'Send to each' }));

    const status = await screen.findByText('Sent to 3 people.');
    expect(status).toBeTruthy();
    expect(sent).toEqual([
      {
        recipient_ids: ['11', '12', '13'],
        text: 'Meeting moved to 3',
        offline_threading_id: expect.any(String) as string,
        kind: 'broadcast',
      },
    ]);
    const links = within(screen.getByRole('list', { name: 'Sent' })).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Conversation with Ann Archer', '/messages/thread/700'],
      ['Conversation with Bob Baker', '/messages/thread/701'],
      ['Conversation with Cat Carter', '/messages/thread/702'],
    ]);
    // Ready for the next: no one picked, the field empty.
    expect(screen.queryByRole('grid', { name: 'Recipients' })).toBeNull();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('');
  });

  it('names the recipient the server refused, and a retry keeps the same offline id', async () => {
    const user = userEvent.setup();
    const sent: Input[] = [];
    renderForm(fakeEnvironment(sent, ['12']), { kind: 'broadcast' });
    await pick(user, 'Ann Archer');
    await pick(user, 'Bob Baker');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send to each' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "It couldn't be sent: Bob Baker can't receive messages from you. Nothing was sent.",
    );
    await user.click(screen.getByRole('button', { name: 'Remove Bob Baker' }));
    await user.click(screen.getByRole('button', { name: 'Send to each' }));
    await screen.findByText('Sent to 1 person.');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.recipient_ids).toEqual(['11']);
    expect(sent[1]?.offline_threading_id).toBe(sent[0]?.offline_threading_id);
  });

  it('asks for someone to send to before sending', async () => {
    const user = userEvent.setup();
    const sent: Input[] = [];
    renderForm(fakeEnvironment(sent), { kind: 'broadcast' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send to each' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Add at least one person to send to.',
    );
    expect(sent).toEqual([]);
  });

  it('shares the given text as it is, as a share', async () => {
    const user = userEvent.setup();
    const sent: Input[] = [];
    renderForm(fakeEnvironment(sent), { kind: 'share', sharedText: 'https://example.com/plan' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByText('https://example.com/plan')).toBeTruthy();
    await pick(user, 'Cat Carter');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => {
      expect(sent[0]).toMatchObject({
        recipient_ids: ['13'],
        text: 'https://example.com/plan',
        kind: 'share',
      });
    });
    await screen.findByText('Sent to 1 person.');
  });
});

describe('SendToPeopleForm’s search funnel', () => {
  it('logs picks and a removed token, and ends with single_result_selected when sent', async () => {
    const user = userEvent.setup();
    const recorded = funnels();
    renderForm(fakeEnvironment([]), { kind: 'broadcast' }, recorded.funnel('broadcast'));
    await pick(user, 'Ann Archer');
    await pick(user, 'Bob Baker');
    await user.click(screen.getByRole('button', { name: 'Remove Bob Baker' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send to each' }));
    await screen.findByText('Sent to 1 person.');
    const stored = await recorded.stored();
    expect(stored).toHaveLength(1);
    const [name, actions]: [string, string[]] = stored[0] ?? ['', []];
    expect(name).toBe('WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL');
    expect(actions[0]).toBe('start');
    expect(actions.filter((a) => a === 'result_selected')).toHaveLength(2);
    // The removal is the person's; clearing the tokens after the send is not logged.
    expect(actions.filter((a) => a === 'token_removed')).toHaveLength(1);
    expect(actions.indexOf('token_removed')).toBeGreaterThan(
      actions.lastIndexOf('result_selected'),
    );
    expect(actions.at(-1)).toBe('single_result_selected');
    expect(recorded.batches[0]?.records[0]?.tags).toEqual(['entrypoint:broadcast']);
  });

  it('ends with abandon when the form goes away after a search without a pick', async () => {
    const user = userEvent.setup();
    const recorded = funnels();
    const view = renderForm(
      fakeEnvironment([]),
      { kind: 'broadcast' },
      recorded.funnel('broadcast'),
    );
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.keyboard('An');
    await screen.findByRole('option', { name: 'Ann Archer' });
    view.unmount();
    const stored = await recorded.stored();
    expect(stored.map(([name]) => name)).toEqual(['WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL']);
    const actions = stored[0]?.[1] ?? [];
    expect(actions.slice(0, 2)).toEqual(['start', 'query_changed']);
    expect(actions).toContain('impressions');
    expect(actions).not.toContain('result_selected');
    expect(actions.at(-1)).toBe('abandon');
  });

  it('logs a share to the share funnel, abandoned when the dialog closes without a pick', async () => {
    const user = userEvent.setup();
    const recorded = funnels();
    const view = renderForm(
      fakeEnvironment([]),
      { kind: 'share', sharedText: 'a link' },
      recorded.funnel('share'),
    );
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.keyboard('Bo');
    await screen.findByRole('option', { name: 'Bob Baker' });
    view.unmount();
    const stored = await recorded.stored();
    expect(stored.map(([name, actions]) => [name, actions[0], actions.at(-1)])).toEqual([
      ['WWW_MESSENGER_SHARE_FUNNEL', 'start', 'abandon'],
    ]);
    expect(recorded.batches[0]?.records[0]?.tags).toEqual(['entrypoint:share']);
  });
});
