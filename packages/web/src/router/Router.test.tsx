import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { beforeEach, describe, expect, it } from 'vitest';
import { createBrowserHistory, type AppHistory, type HistoryWindow } from './history';
import { RouterProvider, useLocation, useRouter } from './Router';

function Probe({ refuseLeave = false }: { refuseLeave?: boolean }): ReactNode {
  const location = useLocation();
  const router = useRouter();
  useEffect(
    () => (refuseLeave ? router.addBeforeLeaveHook(() => false) : undefined),
    [router, refuseLeave],
  );
  return (
    <>
      <p data-testid="where">{`${location.path}${location.search}`}</p>
      <Link href="/messages/thread/5">Open thread</Link>
    </>
  );
}

function renderRouter(history: AppHistory, refuseLeave = false) {
  return render(
    <RouterProvider history={history}>
      <Probe refuseLeave={refuseLeave} />
    </RouterProvider>,
  );
}

const withoutPushState = (): HistoryWindow => ({
  location: window.location,
  history: {},
  addEventListener: (type, listener) => {
    window.addEventListener(type, listener);
  },
  removeEventListener: (type, listener) => {
    window.removeEventListener(type, listener);
  },
});

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('RouterProvider with pushState', () => {
  it('renders links with real paths and navigates on click without a page load', async () => {
    const user = userEvent.setup();
    renderRouter(createBrowserHistory(window));
    const link = screen.getByRole('link', { name: 'Open thread' });
    expect(link.getAttribute('href')).toBe('/messages/thread/5');
    await user.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/messages/thread/5');
    expect(window.location.pathname).toBe('/messages/thread/5');
  });

  it('follows the back button', async () => {
    const user = userEvent.setup();
    renderRouter(createBrowserHistory(window));
    await user.click(screen.getByRole('link', { name: 'Open thread' }));
    act(() => {
      window.history.back();
    });
    await screen.findByText('/', { selector: '[data-testid="where"]' });
  });

  it('stays when a before-leave hook refuses', async () => {
    const user = userEvent.setup();
    renderRouter(createBrowserHistory(window), true);
    await user.click(screen.getByRole('link', { name: 'Open thread' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(window.location.pathname).toBe('/');
  });
});

describe('RouterProvider with the fragment fallback', () => {
  it('renders #-links and navigates through the fragment', async () => {
    const user = userEvent.setup();
    renderRouter(createBrowserHistory(withoutPushState()));
    const link = screen.getByRole('link', { name: 'Open thread' });
    expect(link.getAttribute('href')).toBe('#/messages/thread/5');
    await user.click(link);
    await screen.findByText('/messages/thread/5', { selector: '[data-testid="where"]' });
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#/messages/thread/5');
    window.location.hash = '';
  });
});
