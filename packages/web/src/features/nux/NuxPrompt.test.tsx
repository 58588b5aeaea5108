import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../http/api';
import { renderWithIntl } from '../../test/render';
import { CHAT_SIDEBAR_NUX_ID, NuxPrompt } from './NuxPrompt';
import { Spotlight } from './Spotlight';

/** A fake server keeping nux state the way the real one does (dismissal is kept). */
function fakeNuxServer(initial: { viewed: string[]; dismissed: string[] }) {
  const state = { viewed: [...initial.viewed], dismissed: [...initial.dismissed] };
  const posts: { path: string; body: unknown }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    // The client always fetches by path string.
    const path = input as string;
    if (init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { nux_id: string };
      posts.push({ path, body });
      if (!state.viewed.includes(body.nux_id)) state.viewed.push(body.nux_id);
      if (path.endsWith('/dismiss/')) state.dismissed.push(body.nux_id);
      return Promise.resolve(new Response(JSON.stringify({ ok: true })));
    }
    return Promise.resolve(new Response(JSON.stringify(state)));
  });
  const api = createApi({ fetch });
  api.setCsrfToken('t');
  return { api, posts, state, fetch };
}

afterEach(() => {
  document.querySelectorAll('aside[data-sidebar]').forEach((node) => {
    node.remove();
  });
});

function renderPrompt(api: ReturnType<typeof createApi>) {
  const sidebar = document.createElement('aside');
  sidebar.dataset['sidebar'] = '';
  document.body.append(sidebar);
  return renderWithIntl(<NuxPrompt api={api} target={() => sidebar} />);
}

describe('NuxPrompt', () => {
  it('is shown, logged as viewed, and once dismissed stays gone on the next load', async () => {
    const server = fakeNuxServer({ viewed: [], dismissed: [] });
    const first = renderPrompt(server.api);
    const prompt = await screen.findByRole('complementary', { name: 'Chat from any page' });
    await waitFor(() => {
      expect(server.posts).toEqual([
        { path: '/ajax/nux/basic/view/', body: { nux_id: CHAT_SIDEBAR_NUX_ID } },
      ]);
    });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Chat from any page' })).toBeNull();
    expect(server.posts.at(-1)).toEqual({
      path: '/ajax/nux/basic/dismiss/',
      body: { nux_id: CHAT_SIDEBAR_NUX_ID },
    });
    first.unmount();

    renderPrompt(server.api);
    // Once the second state read has answered, nothing is shown and no new view is logged.
    const reads = () => server.fetch.mock.calls.filter(([, init]) => init?.method === 'GET');
    await waitFor(() => {
      expect(reads()).toHaveLength(2);
    });
    await Promise.resolve(server.fetch.mock.results.at(-1)?.value);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('complementary', { name: 'Chat from any page' })).toBeNull();
    expect(server.posts).toHaveLength(2);
  });

  it('opens the spotlight as a dialog; Escape closes it and focus returns to Show me', async () => {
    const server = fakeNuxServer({ viewed: [CHAT_SIDEBAR_NUX_ID], dismissed: [] });
    renderPrompt(server.api);
    const showMe = await screen.findByRole('button', { name: 'Show me' });
    await userEvent.click(showMe);
    const dialog = await screen.findByRole('dialog', { name: 'Chat from any page' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Got it' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(showMe);
    });
    // Closing the spotlight is not a dismissal.
    expect(server.posts.some((p) => p.path.endsWith('/dismiss/'))).toBe(false);
  });
});

describe('Spotlight', () => {
  it.each(['light', 'dark', 'xui'] as const)('draws the %s wash', async (wash) => {
    renderWithIntl(
      <Spotlight isOpen onClose={() => undefined} target={() => null} wash={wash} title="Look">
        <p>Here</p>
      </Spotlight>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Look' });
    expect(dialog.closest('[data-wash]')?.getAttribute('data-wash')).toBe(wash);
  });
});
