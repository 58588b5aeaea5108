import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createOperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../http/api';
import { createRelayEnvironment } from '../../relay/environment';
import { renderWithIntl } from '../../test/render';
import { ChatTabsProvider, useChatTabs } from '../chat-tabs/ChatTabsProvider';
import SidebarQuery from './__generated__/SidebarBodyQuery.graphql';
import { presenceOf, SidebarBody } from './SidebarBody';
import { WithRelayServices } from '../../test/relay-services';

/** A socket that never opens: the sidebar starts the sync connection, the test has no server. */
class SilentSocket {
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  readyState = 0;
  send(): void {}
  close(): void {}
}

const VIEWER = '11';

function person(id: string, name: string, birthday: boolean, deactivated = false) {
  return {
    __typename: 'User',
    id,
    name,
    thumbSrc: null,
    is_birthday: birthday,
    is_deactivated: deactivated,
    type: 'friend',
    is_messenger_user: true,
    search_tokens: [],
  };
}

function member(id: string, name: string) {
  // Relay reads `... on MessagingUser` through the `__isMessagingUser` alias the query asks for.
  return {
    __typename: 'User',
    __isMessagingUser: 'User',
    id,
    name,
    short_name: name.split(' ')[0],
  };
}

function group(
  id: string,
  name: string | null,
  members: ReturnType<typeof member>[],
  unread: number,
) {
  return {
    mercury_thread: {
      __typename: 'MessengerViewerGroupThread',
      id,
      group_name: name,
      custom_nickname: {},
      image_src: null,
      unread_count: unread,
      muted_until: null,
      participants_to_render: members,
    },
  };
}

/** The chat tabs' state as text, to see what the sidebar opened. */
function TabsProbe(): ReactNode {
  const { state } = useChatTabs();
  return (
    <output data-testid="tabs">{state.tabs.map((t) => `${t.key}=${t.title}`).join('|')}</output>
  );
}

function environmentWithPreload() {
  const api = { fetch: () => Promise.reject(new Error('no network in this test')) };
  const environment = createRelayEnvironment(api as unknown as Api, () => undefined);
  const operation = createOperationDescriptor(SidebarQuery, {});
  environment.commitPayload(operation, {
    viewer: {
      id: VIEWER,
      sync_seq: 3,
      chat_sidebar_preload: {
        buddies: ['12-ACTIVE', '13-OFFLINE', '14-IDLE', '15-ACTIVE'],
        shortProfiles: [
          person('12', 'Ann Active', false),
          person('13', 'Bo Birthday', true),
          person('14', 'Cy Idle', false),
          person('15', 'Dee Gone', false, true),
        ],
        groups: [
          group('31', 'Book Club', [member(VIEWER, 'Vi Viewer'), member('12', 'Ann Active')], 3),
          group(
            '32',
            null,
            ['51', '52', '53', '54', '55'].map((id) => member(id, `Pat${id} Longname`)),
            12,
          ),
          group('33', 'A group whose name is far too long to fit the chat sidebar row', [], 0),
        ],
        pageListModule: [{ __typename: 'Page', id: '41', name: 'Corner Shop', imgSrc: null }],
        adminedPages: [
          { id: '21', name: 'Busy Page', imgSrc: '/p.png', imgSize: 32, badgingCount: 12 },
          { id: '22', name: 'Quiet Page', imgSrc: null, imgSize: 0, badgingCount: 0 },
          { id: '23', name: 'Some Page', imgSrc: null, imgSize: 0, badgingCount: 4 },
        ],
      },
    },
  });
  environment.retain(operation);
  return environment;
}

describe('presenceOf', () => {
  it('reads each buddy id with its presence suffix, skipping malformed ones', () => {
    const presence = presenceOf(['1-ACTIVE', '2-IDLE', 'bad', '3-BUSY', '1-OFFLINE']);
    expect([...presence]).toEqual([
      ['1', 'ACTIVE'],
      ['2', 'IDLE'],
    ]);
  });
});

async function renderSidebar(): Promise<void> {
  const environment = environmentWithPreload();
  await act(async () => {
    renderWithIntl(
      <WithRelayServices environment={environment} viewerId={VIEWER}>
        <ChatTabsProvider viewerId={VIEWER}>
          <Suspense fallback="loading">
            <SidebarBody viewerId={VIEWER} />
          </Suspense>
          <TabsProbe />
        </ChatTabsProvider>
      </WithRelayServices>,
    );
    await Promise.resolve();
  });
}

describe('SidebarBody', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', SilentSocket);
    // jsdom lacks CSS.escape, which React Aria's grid uses to find the focused row.
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows friends with the ACTIVE dot and birthday mark, and admined pages with capped badges', async () => {
    await renderSidebar();
    const friends = screen.getByRole('grid', { name: 'Friends' });
    const rows = within(friends).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ann ActiveActive now',
      'Bo Birthday🎂',
      'Cy Idle',
      'Dee GoneDeactivated',
    ]);
    expect(rows[0]?.querySelector('.presence-dot')).not.toBeNull();
    expect(rows[2]?.querySelector('.presence-dot')).toBeNull();
    // Deactivated by the host network: no presence however the socket reports them.
    expect(rows[3]?.querySelector('.presence-dot')).toBeNull();
    expect(within(friends).getAllByRole('img', { name: 'Birthday today' })).toHaveLength(1);

    const pages = screen.getByRole('grid', { name: 'Your Pages' });
    const busy = within(pages).getByRole('row', { name: /Busy Page/ });
    expect(busy.querySelector('.unread-badge [aria-hidden="true"]')?.textContent).toBe('9+');
    expect(within(busy).getByText('12 unread conversations')).toBeTruthy();
    expect(busy.querySelector('img')?.getAttribute('src')).toBe('/p.png');
    // Pressing an administered page opens its inbox in the messenger.
    expect(busy.getAttribute('data-href')).toBe('/messages/page/21');
    const quiet = within(pages).getByRole('row', { name: /Quiet Page/ });
    expect(quiet.querySelector('.unread-badge')).toBeNull();
    const some = within(pages).getByRole('row', { name: /Some Page/ });
    expect(some.querySelector('.unread-badge [aria-hidden="true"]')?.textContent).toBe('4');
  });

  it('lists the groups by their thread titles with capped unread badges, and pages', async () => {
    await renderSidebar();
    const groups = screen.getByRole('grid', { name: 'Groups' });
    const rows = within(groups).getAllByRole('row');
    expect(rows.map((row) => row.querySelector('.sidebar-name')?.textContent)).toEqual([
      'Book Club',
      // Unnamed: the other participants' short names (core threadTitle), the viewer left out.
      'Pat51, Pat52, Pat53 and 2 others',
      // Cut with an ellipsis at the sidebar's length.
      'A group whose name is far too long to f…',
    ]);
    expect(rows[0]?.querySelector('.unread-badge [aria-hidden="true"]')?.textContent).toBe('3');
    expect(within(rows[0] as HTMLElement).getByText('3 unread messages')).toBeTruthy();
    expect(rows[1]?.querySelector('.unread-badge [aria-hidden="true"]')?.textContent).toBe('9+');
    expect(rows[2]?.querySelector('.unread-badge')).toBeNull();

    const pages = screen.getByRole('grid', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Corner Shop']);
  });

  it('opens a chat tab for a group, a friend and a page by keyboard and click', async () => {
    await renderSidebar();
    const groupRow = within(screen.getByRole('grid', { name: 'Groups' })).getAllByRole('row')[0];
    if (groupRow === undefined) throw new Error('no group row');
    act(() => {
      groupRow.focus();
    });
    fireEvent.keyDown(groupRow, { key: 'Enter' });
    fireEvent.keyUp(groupRow, { key: 'Enter' });
    expect(screen.getByTestId('tabs').textContent).toBe('thread:31=Book Club');

    const friendRow = within(screen.getByRole('grid', { name: 'Friends' })).getAllByRole('row')[1];
    if (friendRow === undefined) throw new Error('no friend row');
    fireEvent.click(friendRow);
    const pageRow = within(screen.getByRole('grid', { name: 'Pages' })).getAllByRole('row')[0];
    if (pageRow === undefined) throw new Error('no page row');
    fireEvent.click(pageRow);
    expect(screen.getByTestId('tabs').textContent).toBe(
      'thread:31=Book Club|person:13=Bo Birthday|person:41=Corner Shop',
    );
  });
});
