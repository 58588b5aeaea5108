import { act, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createOperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../http/api';
import { createRelayEnvironment } from '../../relay/environment';
import { renderWithIntl } from '../../test/render';
import SidebarQuery from './__generated__/SidebarBodyQuery.graphql';
import { presenceOf, SidebarBody } from './SidebarBody';

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

function person(id: string, name: string, birthday: boolean) {
  return {
    __typename: 'User',
    id,
    name,
    thumbSrc: null,
    is_birthday: birthday,
    type: 'friend',
  };
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
        buddies: ['12-ACTIVE', '13-OFFLINE', '14-IDLE'],
        shortProfiles: [
          person('12', 'Ann Active', false),
          person('13', 'Bo Birthday', true),
          person('14', 'Cy Idle', false),
        ],
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

describe('SidebarBody', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', SilentSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows friends with the ACTIVE dot and birthday mark, and admined pages with capped badges', async () => {
    const environment = environmentWithPreload();
    await act(async () => {
      renderWithIntl(
        <RelayEnvironmentProvider environment={environment}>
          <Suspense fallback="loading">
            <SidebarBody viewerId={VIEWER} />
          </Suspense>
        </RelayEnvironmentProvider>,
      );
      await Promise.resolve();
    });
    const friends = screen.getByRole('grid', { name: 'Friends' });
    const rows = within(friends).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ann ActiveActive now',
      'Bo Birthday🎂',
      'Cy Idle',
    ]);
    expect(rows[0]?.querySelector('.presence-dot')).not.toBeNull();
    expect(rows[2]?.querySelector('.presence-dot')).toBeNull();
    expect(within(friends).getAllByRole('img', { name: 'Birthday today' })).toHaveLength(1);

    const pages = screen.getByRole('grid', { name: 'Your Pages' });
    const busy = within(pages).getByRole('row', { name: /Busy Page/ });
    expect(busy.querySelector('.unread-badge [aria-hidden="true"]')?.textContent).toBe('9+');
    expect(within(busy).getByText('12 unread conversations')).toBeTruthy();
    expect(busy.querySelector('img')?.getAttribute('src')).toBe('/p.png');
    const quiet = within(pages).getByRole('row', { name: /Quiet Page/ });
    expect(quiet.querySelector('.unread-badge')).toBeNull();
    const some = within(pages).getByRole('row', { name: /Some Page/ });
    expect(some.querySelector('.unread-badge [aria-hidden="true"]')?.textContent).toBe('4');
  });
});
