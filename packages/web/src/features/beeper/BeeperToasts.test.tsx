import type { Beep } from '@messenger/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE, englishMessages } from '../../i18n/catalogue';
import { createBrowserHistory } from '../../router/history';
import { RouterProvider } from '../../router/Router';
import type { BeepPayload } from './beep-from-delta';
import { BeeperToasts } from './BeeperToasts';

const payload = (threadId: string, name: string | null, snippet: string): BeepPayload => ({
  threadId,
  senderId: '12',
  senderName: name,
  snippet,
  href: `/messages/thread/${threadId}`,
});

const beeps: Beep<BeepPayload>[] = [
  { id: 'a', status: 'RENDERED', hideDelayMs: 4_000, payload: payload('31', 'Ann Other', 'hi') },
  { id: 'b', status: 'FADING_OUT', payload: payload('32', null, 'anyone there?') },
  { id: 'c', status: 'PENDING', payload: payload('33', 'Queued Person', 'later') },
];

function renderToasts(list: readonly Beep<BeepPayload>[] = beeps) {
  const handlers = { onOpen: vi.fn(), onDismiss: vi.fn(), onHoldChange: vi.fn() };
  const history = createBrowserHistory(window);
  const tree = (shown: readonly Beep<BeepPayload>[]) => (
    <IntlProvider locale={DEFAULT_LOCALE} messages={englishMessages}>
      <RouterProvider history={history}>
        <BeeperToasts beeps={shown} {...handlers} />
      </RouterProvider>
    </IntlProvider>
  );
  const view = render(tree(list));
  return {
    ...handlers,
    rerender: (shown: readonly Beep<BeepPayload>[]) => {
      view.rerender(tree(shown));
    },
  };
}

describe('BeeperToasts', () => {
  it('shows the visible toasts in a named live region, each a link to its thread', () => {
    renderToasts();
    const region = screen.getByRole('status', { name: 'Notifications' });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Ann Otherhi', 'Someoneanyone there?']);
    expect(links[0]?.getAttribute('href')).toBe('/messages/thread/31');
    expect(region.textContent).not.toContain('Queued Person');
    expect(region.querySelector('[data-status="FADING_OUT"]')).not.toBeNull();
  });

  it('opens the thread on click, through the router', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderToasts();
    await user.click(screen.getByRole('link', { name: /Ann Other/ }));
    expect(onOpen).toHaveBeenCalledWith('a');
    expect(window.location.pathname).toBe('/messages/thread/31');
    window.history.replaceState(null, '', '/');
  });

  it('dismisses by keyboard: Escape in a toast, or its close button', async () => {
    const user = userEvent.setup();
    const { onDismiss } = renderToasts();
    screen.getByRole('link', { name: /Ann Other/ }).focus();
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledWith('a');
    screen.getByRole('button', { name: 'Dismiss notification from Someone' }).focus();
    await user.keyboard('{Enter}');
    expect(onDismiss).toHaveBeenLastCalledWith('b');
  });

  it('holds the toasts while hovered or focused, and lets go when both end', () => {
    const { onHoldChange, rerender } = renderToasts();
    const region = screen.getByRole('status', { name: 'Notifications' });
    fireEvent.pointerEnter(region);
    expect(onHoldChange).toHaveBeenLastCalledWith(true);
    fireEvent.focus(screen.getByRole('link', { name: /Ann Other/ }));
    fireEvent.pointerLeave(region);
    // Still focused inside: still held.
    expect(onHoldChange).toHaveBeenCalledTimes(1);
    fireEvent.blur(screen.getByRole('link', { name: /Ann Other/ }), { relatedTarget: null });
    expect(onHoldChange).toHaveBeenLastCalledWith(false);

    // The last toast gone under the pointer: the hold ends without a pointer leave.
    fireEvent.pointerEnter(region);
    expect(onHoldChange).toHaveBeenLastCalledWith(true);
    rerender([]);
    expect(onHoldChange).toHaveBeenLastCalledWith(false);
  });
});
