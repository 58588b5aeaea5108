import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createSessionServices } from '../../app/session-services';
import { RelayRegion } from '../../relay/RelayRegion';
import { SessionProvider, useSession } from '../../session/SessionProvider';
import type { FunnelLogBatch } from '@messenger/core';
import { useSearchFunnel, watchOtherThreadClicks } from './use-search-funnel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's session and funnel-log routes, keeping what was logged. */
function fakeServer() {
  const batches: FunnelLogBatch[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    if (url === '/auth/session') {
      return Promise.resolve(json(200, { viewer: { id: '1' }, csrf_token: 't' }));
    }
    if (url === '/ajax/funnel_analytics/log/' && typeof init.body === 'string') {
      batches.push(JSON.parse(init.body) as FunnelLogBatch);
      return Promise.resolve(json(200, { ok: true, stored: 1, duplicate: false }));
    }
    return Promise.resolve(json(404, { error: { code: 'not_found', message: 'Not found.' } }));
  });
  return { batches, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** A broadcast recipient search as that surface would wire it: type, pick, or close. */
function BroadcastSearch({ onClose }: { onClose: () => void }): ReactNode {
  const funnel = useSearchFunnel('broadcast');
  const [query, setQuery] = useState('');
  return (
    <div>
      <label>
        Broadcast to
        <input
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            funnel.queryChanged(event.target.value);
          }}
        />
      </label>
      <button
        type="button"
        onClick={() => {
          funnel.resultSelected({ uniqueID: 'user:9', type: 'friend' }, 0);
        }}
      >
        Pick
      </button>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Harness(): ReactNode {
  const { state } = useSession();
  const [open, setOpen] = useState(true);
  if (state.status !== 'signed-in') return <p>checking</p>;
  return open ? (
    <RelayRegion fallback={<p>loading</p>}>
      <BroadcastSearch
        onClose={() => {
          setOpen(false);
        }}
      />
    </RelayRegion>
  ) : (
    <p>closed</p>
  );
}

function renderSurface() {
  const server = fakeServer();
  render(
    <SessionProvider
      marker={{ get: () => true, set: () => undefined }}
      fetch={server.fetch}
      createServices={createSessionServices}
    >
      <Harness />
    </SessionProvider>,
  );
  return server;
}

const actionNames = (batches: FunnelLogBatch[]) =>
  batches.flatMap((b) => b.records).map((r) => [r.name, r.actions.map((a) => a.name)]);

describe('useSearchFunnel on the broadcast surface', () => {
  it('closing without picking anyone ends the search with abandon', async () => {
    const server = renderSurface();
    await userEvent.type(
      await screen.findByLabelText('Broadcast to', undefined, { timeout: 5_000 }),
      'Zo',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('closed');
    await waitFor(
      () => {
        expect(actionNames(server.batches)).toEqual([
          [
            'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
            ['start', 'query_changed', 'query_changed', 'abandon'],
          ],
        ]);
      },
      { timeout: 5_000 },
    );
  });

  it('records the window losing and regaining focus during a search (focus tracking is on)', async () => {
    const server = renderSurface();
    await userEvent.type(
      await screen.findByLabelText('Broadcast to', undefined, { timeout: 5_000 }),
      'Z',
    );
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('closed');
    await waitFor(
      () => {
        expect(actionNames(server.batches)).toEqual([
          [
            'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
            ['start', 'query_changed', 'window_blur', 'window_focus', 'abandon'],
          ],
        ]);
      },
      { timeout: 5_000 },
    );
  });

  it('closing after a pick ends it with single_result_selected', async () => {
    const server = renderSurface();
    await userEvent.type(
      await screen.findByLabelText('Broadcast to', undefined, { timeout: 5_000 }),
      'Z',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pick' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(
      () => {
        expect(actionNames(server.batches)).toEqual([
          [
            'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
            ['start', 'query_changed', 'result_selected', 'single_result_selected'],
          ],
        ]);
      },
      { timeout: 5_000 },
    );
  });
});

describe('watchOtherThreadClicks', () => {
  function fakeFunnel(open: boolean) {
    const clicks: string[] = [];
    return {
      clicks,
      funnel: {
        isOpen: () => open,
        clickedOnOtherThread: () => clicks.push('clicked_on_other_thread'),
      } as unknown as Parameters<typeof watchOtherThreadClicks>[1],
    };
  }

  it('logs clicked_on_other_thread when a conversation row is pressed during an open search', () => {
    document.body.innerHTML =
      '<div class="thread-row"><span id="inside">Ann</span></div><button id="other">Other</button>';
    const { clicks, funnel } = fakeFunnel(true);
    const stop = watchOtherThreadClicks(document, funnel);
    document.getElementById('other')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(clicks).toEqual([]);
    document.getElementById('inside')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(clicks).toEqual(['clicked_on_other_thread']);
    stop();
    document.getElementById('inside')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(clicks).toHaveLength(1);
  });

  it('says nothing when no search is open', () => {
    document.body.innerHTML = '<div class="sidebar-row" id="row">Group</div>';
    const { clicks, funnel } = fakeFunnel(false);
    watchOtherThreadClicks(document, funnel);
    document.getElementById('row')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(clicks).toEqual([]);
  });
});
