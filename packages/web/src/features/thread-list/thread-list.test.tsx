import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createOperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../../http/api';
import { createRelayEnvironment } from '../../relay/environment';
import { renderWithIntl } from '../../test/render';
import ThreadListQuery from './__generated__/ThreadListBodyQuery.graphql';
import { THREAD_PAGE, ThreadListBody } from './ThreadListBody';
import { WithRelayServices } from '../../test/relay-services';

/** A socket that never opens: the list starts the sync connection, the test has no server. */
class SilentSocket {
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  readyState = 0;
  send(): void {}
  close(): void {}
}

const VIEWER = '11';

function edge(n: number) {
  const id = String(100 + n);
  return {
    cursor: `c${n}`,
    node: {
      __typename: 'MessengerViewerGroupThread',
      id,
      thread_id: id,
      folder: 'INBOX',
      unread_count: 0,
      muted_until: null,
      mentions_unread: 0,
      // Older threads come later, as the server pages them.
      last_activity_time: 10_000 - n,
      group_name: `Group ${n}`,
      is_group_thread: true,
      image_src: null,
      last_reaction: null,
      custom_nickname: {},
      participants_to_render: [],
      messages: { edges: [] },
    },
  };
}

function page(from: number, to: number, hasNextPage: boolean) {
  const edges = Array.from({ length: to - from + 1 }, (_, i) => edge(from + i));
  return { edges, pageInfo: { hasNextPage, endCursor: `c${to}` } };
}

/** A store holding the first page, and an API that answers the next-page query. */
function setup() {
  const requests: Array<{ operationName: unknown; variables: unknown }> = [];
  const api = {
    fetch: (_path: string, init: { body: { operationName: unknown; variables: unknown } }) => {
      requests.push({ operationName: init.body.operationName, variables: init.body.variables });
      const data = { viewer: { id: VIEWER, message_threads: page(3, 4, false) } };
      return Promise.resolve(
        new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } }),
      );
    },
  };
  const environment = createRelayEnvironment(api as unknown as Api, () => undefined);
  const operation = createOperationDescriptor(ThreadListQuery, { folder: 'INBOX' });
  environment.commitPayload(operation, {
    viewer: { id: VIEWER, sync_seq: 3, message_threads: page(1, 2, true) },
  });
  environment.retain(operation);
  return { environment, requests };
}

describe('ThreadListBody', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', SilentSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the next page of threads with an accessible "Load more" button', async () => {
    const { environment, requests } = setup();
    await act(async () => {
      renderWithIntl(
        <WithRelayServices environment={environment} viewerId={VIEWER}>
          <Suspense fallback="loading">
            <ThreadListBody
              viewerId={VIEWER}
              folder="INBOX"
              currentThreadId={null}
              onUnreadChange={() => undefined}
            />
          </Suspense>
        </WithRelayServices>,
      );
      await Promise.resolve();
    });
    const list = screen.getByRole('grid', { name: 'Conversations' });
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => row.querySelector('.thread-row-title')?.textContent),
    ).toEqual(['Group 1', 'Group 2']);
    // Each row carries the age of its last activity, machine-readable too (years ago: a dated one).
    const age = within(list).getAllByRole('row')[0]?.querySelector('time');
    expect(age?.getAttribute('dateTime')).toBe(new Date(10_000 - 1).toISOString());
    expect(age?.textContent).toMatch(/1970/);
    expect(requests).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('row')).toHaveLength(4);
    });
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => row.querySelector('.thread-row-title')?.textContent),
    ).toEqual(['Group 1', 'Group 2', 'Group 3', 'Group 4']);
    expect(requests).toEqual([
      {
        operationName: 'ThreadListBodyPaginationQuery',
        variables: { count: THREAD_PAGE, cursor: 'c2', folder: 'INBOX' },
      },
    ]);
    // The last page says there is no more: the button goes.
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });
});
