import type { WireThread } from '@messenger/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createOperationDescriptor, type Environment } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../http/api';
import { DEFAULT_LOCALE, englishMessages } from '../../i18n/catalogue';
import { createRelayEnvironment } from '../../relay/environment';
import { renderWithIntl } from '../../test/render';
import { messengerDeltaReducers } from '../../app/relay-services';
import ConversationBodyQuery from './__generated__/ConversationBodyQuery.graphql';
import { ConversationBody } from './ConversationBody';
import { reduceThreadDetails } from './thread-details-reducer';
import { ThreadHeader } from './ThreadHeader';
import { initialsOf, nicknameMap, threadPeople, type ThreadPerson } from './thread-people';
import { WithRelayServices } from '../../test/relay-services';

const { applyDelta } = messengerDeltaReducers();

const person = (i: number, nickname: string | null = null): ThreadPerson => {
  const name = `Person${String(i)} Last${String(i)}`;
  return { id: String(100 + i), name, nickname, shown: nickname ?? name, picture: null };
};
const people = (n: number): ThreadPerson[] => Array.from({ length: n }, (_, i) => person(i + 1));

function header(others: ThreadPerson[], isGroup = true): void {
  renderWithIntl(
    <ThreadHeader
      title="A title"
      isGroup={isGroup}
      others={others}
      renderSettings={({ isOpen }) => (isOpen ? <div role="dialog" aria-label="Settings" /> : null)}
    />,
  );
}

/** The tooltip of the participants button, shown by keyboard focus as a keyboard user gets it. */
async function tooltipLines(): Promise<string[]> {
  const user = userEvent.setup();
  await user.tab();
  const button = screen.getAllByRole('button')[0];
  expect(document.activeElement).toBe(button);
  const tooltip = await screen.findByRole('tooltip');
  expect(button?.getAttribute('aria-describedby')).toContain(tooltip.id);
  return Array.from(tooltip.querySelectorAll('div')).map((line) => line.textContent);
}

describe('ThreadHeader', () => {
  it('offers a one-to-one conversation a new group with the other person, a group none', () => {
    header([person(1, 'Pal')], false);
    const link = screen.getByRole('link', { name: 'New group with Pal' });
    expect(link.getAttribute('href')).toBe('/messages/new?with=101');
    document.body.innerHTML = '';
    header(people(3));
    expect(screen.queryByRole('link', { name: /^New group with/ })).toBeNull();
  });

  it('names up to three people, then counts the others (3 | 4 people)', () => {
    header(people(3));
    expect(screen.getByRole('button', { name: 'Person1 Last1, Person2 Last2 and Person3 Last3' }));
    screen.getByRole('heading', { name: 'A title' });
  });

  it("reads '1 other' and 'N others' past three names", () => {
    header(people(4));
    screen.getByRole('button', { name: 'Person1 Last1, Person2 Last2, Person3 Last3 and 1 other' });
  });

  it('draws every face up to four people, then three faces and +N-3', () => {
    header(people(4));
    const pile = screen.getByTestId('facepile');
    expect(pile.getAttribute('aria-hidden')).toBe('true');
    const initials = (f: Element) =>
      f.querySelector('[data-initials]')?.getAttribute('data-initials');
    expect(Array.from(pile.children).map(initials)).toEqual(['PL', 'PL', 'PL', 'PL']);
    document.body.innerHTML = '';
    header(people(5));
    const five = screen.getByTestId('facepile');
    expect(five.children).toHaveLength(4);
    expect(five.lastElementChild?.textContent).toBe('+2');
  });

  it('lists ten names in the tooltip (10 people)', async () => {
    header(people(10));
    const lines = await tooltipLines();
    expect(lines).toEqual(people(10).map((p) => p.name));
  });

  it("lists ten names then 'and {num} more...' (11 people)", async () => {
    header(people(11));
    const lines = await tooltipLines();
    expect(lines).toHaveLength(11);
    expect(lines.slice(0, 10)).toEqual(people(10).map((p) => p.name));
    expect(lines[10]).toBe('and 1 more...');
  });

  it('shows nicknames instead of names', () => {
    header([person(1, 'Ace'), person(2)]);
    screen.getByRole('button', { name: 'Ace and Person2 Last2' });
  });

  it('opens the settings from its button; a one-to-one shows no participant text', () => {
    header(people(1), false);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Conversation settings' }));
    screen.getByRole('dialog', { name: 'Settings' });
  });
});

describe('thread-people', () => {
  it('applies the custom_nickname map, ignoring blank and non-string entries', () => {
    expect(nicknameMap({ '1': ' Ace ', '2': '  ', '3': 7 })).toEqual({ '1': 'Ace' });
    expect(nicknameMap(null)).toEqual({});
    const list = threadPeople({
      group_name: null,
      custom_nickname: { '2': 'Bee' },
      participants_to_render: [{ id: '1', name: 'Ann Lee' }, { id: '2', name: 'Bob Ray' }, {}],
    });
    expect(list.map((p) => p.shown)).toEqual(['Ann Lee', 'Bee']);
    expect(initialsOf('Ann  Marie Lee')).toBe('AL');
    expect(initialsOf('Ümit')).toBe('Ü');
  });
});

const VIEWER = '11';
const THREAD = '31';

function participant(id: string, name: string) {
  return {
    __typename: 'User',
    __isMessagingUser: 'User',
    id,
    name,
    short_name: name.split(' ')[0],
    profile_picture: null,
  };
}

/** A store holding one open group conversation, as the server would answer ConversationBodyQuery. */
function environmentWithConversation(): Environment {
  const api = { fetch: () => new Promise<never>(() => undefined) };
  const environment = createRelayEnvironment(api as unknown as Api, () => undefined);
  const operation = createOperationDescriptor(ConversationBodyQuery, { threadId: THREAD });
  const ids = [VIEWER, '12', '13', '14', '15'];
  environment.commitPayload(operation, {
    message_thread: {
      __typename: 'MessengerViewerGroupThread',
      id: THREAD,
      thread_id: THREAD,
      group_name: 'Hikers',
      is_group_thread: true,
      custom_nickname: {},
      unread_count: 0,
      folder: 'INBOX',
      muted_until: null,
      participants_to_render: [
        participant(VIEWER, 'Vera Viewer'),
        participant('12', 'Ann Lee'),
        participant('13', 'Bob Ray'),
        participant('14', 'Cat Fox'),
        participant('15', 'Dan Oak'),
      ],
    },
    thread_state: {
      viewer_participant_id: VIEWER,
      last_message_seq: 0,
      participants: ids.map((id) => ({ id, last_read_seq: 0, last_delivered_seq: 0 })),
    },
    thread_messages: { edges: [], pageInfo: { hasPreviousPage: false, startCursor: null } },
  });
  return environment;
}

function wireThread(name: string | null, participantIds: string[]): WireThread {
  return {
    thread_id: THREAD,
    kind: 'group',
    name,
    image_src: null,
    participants: participantIds.map((id) => ({
      id,
      kind: 'person',
      last_read_seq: 0,
      last_delivered_seq: 0,
    })),
    custom_nickname: {},
    viewer_participant_id: VIEWER,
    folder: 'INBOX',
    unread_count: 0,
    last_activity_at: 1,
    last_message_seq: 0,
  };
}

function withRelay(environment: Environment, ui: ReactNode): void {
  render(
    <IntlProvider locale={DEFAULT_LOCALE} defaultLocale={DEFAULT_LOCALE} messages={englishMessages}>
      <WithRelayServices environment={environment} viewerId={VIEWER}>
        <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
      </WithRelayServices>
    </IntlProvider>,
  );
}

describe('the open conversation header, live', () => {
  it('shows a rename from the sync socket at once, and asks to refetch when people change', async () => {
    const environment = environmentWithConversation();
    withRelay(environment, <ConversationBody threadId={THREAD} viewerId={VIEWER} />);
    const banner = await screen.findByRole('banner');
    within(banner).getByRole('heading', { name: 'Hikers' });
    // Four others: every face, three names and one other.
    within(banner).getByRole('button', { name: 'Ann Lee, Bob Ray, Cat Fox and 1 other' });

    const same = [VIEWER, '12', '13', '14', '15'];
    act(() => {
      environment.commitUpdate((store) => {
        applyDelta(
          store,
          { kind: 'thread_updated', thread: wireThread('Climbers', same) },
          { viewerId: VIEWER },
        );
        expect(
          reduceThreadDetails(store, {
            kind: 'thread_updated',
            thread: wireThread('Climbers', same),
          }),
        ).toEqual({ refetch: false });
        expect(
          reduceThreadDetails(store, {
            kind: 'thread_updated',
            thread: wireThread('Climbers', [...same, '16']),
          }),
        ).toEqual({ refetch: true });
      });
    });
    within(banner).getByRole('heading', { name: 'Climbers' });

    // A cleared name falls back to the people's short names (core threadTitle).
    act(() => {
      environment.commitUpdate((store) => {
        applyDelta(
          store,
          { kind: 'thread_updated', thread: wireThread(null, same) },
          { viewerId: VIEWER },
        );
      });
    });
    within(banner).getByRole('heading', { name: 'Ann, Bob, Cat and 1 other' });
  });
});
