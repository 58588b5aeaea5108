import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserHistory } from '../../router/history';
import { RouterProvider, useLocation } from '../../router/Router';
import { renderWithIntl } from '../../test/render';
import { FullscreenToggle, type FullscreenDocument } from './FullscreenToggle';
import { LeavePageController } from './leave-page-controller';
import { LeavePageGuard } from './LeavePageGuard';
import { useBeforeLeave, usePageTransition } from './use-before-leave';

function Draft(): ReactNode {
  const [text, setText] = useState('');
  useBeforeLeave(text.trim() !== '');
  const location = useLocation();
  const transition = usePageTransition();
  return (
    <>
      <p data-testid="where">{location.path}</p>
      <p data-testid="transition">{transition?.status}</p>
      <label>
        Draft
        <input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </label>
      <Link href="/elsewhere">Elsewhere</Link>
    </>
  );
}

function renderApp() {
  const history = createBrowserHistory(window);
  renderWithIntl(
    <RouterProvider history={history}>
      <LeavePageGuard>
        <Draft />
      </LeavePageGuard>
    </RouterProvider>,
  );
  return history;
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  window.history.replaceState(null, '', '/start');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the leave-page dialog', () => {
  it('lets links through while nothing is held, and the transition completes', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(where()).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(screen.getByTestId('transition').textContent).toBe('complete');
    });
  });

  it('asks before leaving a draft: Stay keeps page and draft, Leave goes', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'unsent');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave Page?' });
    expect(screen.getByTestId('transition').textContent).toBe('confirming');
    expect(dialog.closest('.leave-page-modal')?.getAttribute('style')).toContain('width: 450px');
    await user.click(screen.getByRole('button', { name: 'Stay on This Page' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(where()).toBe('/start');
    expect(window.location.pathname).toBe('/start');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Draft' }).value).toBe('unsent');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave This Page' }));
    await waitFor(() => {
      expect(where()).toBe('/elsewhere');
    });
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('treats Escape as staying', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'x');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByRole('dialog', { name: 'Leave Page?' });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(where()).toBe('/start');
  });

  it('asks on the back button and puts the URL back when the person stays', async () => {
    const user = userEvent.setup();
    const history = renderApp();
    act(() => {
      history.push('/second');
    });
    await user.type(screen.getByRole('textbox', { name: 'Draft' }), 'draft');
    act(() => {
      window.history.back();
    });
    await screen.findByRole('dialog', { name: 'Leave Page?' });
    await user.click(screen.getByRole('button', { name: 'Stay on This Page' }));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/second');
    });
    expect(where()).toBe('/second');

    act(() => {
      window.history.back();
    });
    await user.click(await screen.findByRole('button', { name: 'Leave This Page' }));
    await waitFor(() => {
      expect(where()).toBe('/start');
    });
    expect(window.location.pathname).toBe('/start');
  });

  it("arms the browser's own prompt only while something is held", async () => {
    const user = userEvent.setup();
    renderApp();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    const input = screen.getByRole('textbox', { name: 'Draft' });
    await user.type(input, 'held');
    expect(unload()).toBe(true);
    await user.clear(input);
    expect(unload()).toBe(false);
  });
});

describe('LeavePageController', () => {
  it('answers at once when nothing holds, and counts every hold', async () => {
    const controller = new LeavePageController();
    expect(controller.ask('/a')).toBe(true);
    const releaseOne = controller.hold();
    const releaseTwo = controller.hold();
    releaseOne();
    expect(controller.getSnapshot().blocking).toBe(true);
    const answer = controller.ask('/b');
    expect(answer).toBeInstanceOf(Promise);
    controller.stay();
    await expect(answer).resolves.toBe(false);
    releaseTwo();
    expect(controller.getSnapshot().blocking).toBe(false);
  });

  it("lets the app's own navigations through while only a call holds, still arming the browser's prompt", async () => {
    const controller = new LeavePageController();
    const releaseCall = controller.hold('unload');
    expect(controller.getSnapshot().blocking).toBe(true);
    expect(controller.ask('/messages')).toBe(true);
    controller.arrived('/messages');
    // A message being written still asks, call or not.
    const releaseDraft = controller.hold('navigation');
    const answer = controller.ask('/');
    expect(answer).toBeInstanceOf(Promise);
    controller.stay();
    await expect(answer).resolves.toBe(false);
    releaseDraft();
    releaseCall();
    expect(controller.getSnapshot().blocking).toBe(false);
  });
});

describe('FullscreenToggle', () => {
  function fakeDocument(enabled: boolean) {
    const listeners = new Set<() => void>();
    const doc: FullscreenDocument & { fire: () => void } = {
      fullscreenEnabled: enabled,
      fullscreenElement: null,
      documentElement: {
        requestFullscreen: vi.fn(() => {
          doc.fullscreenElement = document.documentElement;
          return Promise.resolve();
        }),
      },
      exitFullscreen: vi.fn(() => {
        doc.fullscreenElement = null;
        return Promise.resolve();
      }),
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
      fire: () => {
        for (const listener of listeners) listener();
      },
    };
    return doc;
  }

  it('toggles full screen with aria-pressed following the document', async () => {
    const user = userEvent.setup();
    const doc = fakeDocument(true);
    renderWithIntl(<FullscreenToggle doc={doc} />);
    const button = screen.getByRole('button', { name: 'Full Screen' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    expect(doc.documentElement.requestFullscreen).toHaveBeenCalledOnce();
    act(() => {
      doc.fire();
    });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await user.click(button);
    expect(doc.exitFullscreen).toHaveBeenCalledOnce();
    act(() => {
      doc.fire();
    });
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('is not there without the Fullscreen API', () => {
    renderWithIntl(<FullscreenToggle doc={fakeDocument(false)} />);
    expect(screen.queryByRole('button', { name: 'Full Screen' })).toBeNull();
  });
});
