import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserHistory,
  isSwallowedReplaceError,
  parseLocation,
  supportsPushState,
  type HistoryWindow,
} from './history';

/** jsdom's window without pushState: an old browser, which must use the fragment. */
function windowWithoutPushState(): HistoryWindow {
  return {
    location: window.location,
    history: {},
    addEventListener: (type, listener) => {
      window.addEventListener(type, listener);
    },
    removeEventListener: (type, listener) => {
      window.removeEventListener(type, listener);
    },
  };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('parseLocation', () => {
  it('splits path and search and drops the fragment', () => {
    expect(parseLocation('/messages/thread/4?x=1#top')).toEqual({
      path: '/messages/thread/4',
      search: '?x=1',
    });
    expect(parseLocation('login')).toEqual({ path: '/login', search: '' });
    expect(parseLocation('/a?')).toEqual({ path: '/a', search: '' });
  });
});

describe('path mode (pushState)', () => {
  it('is chosen when pushState exists', () => {
    expect(supportsPushState(window)).toBe(true);
    expect(createBrowserHistory(window).mode).toBe('path');
  });

  it('pushes real URLs, notifies listeners, and follows the back button', async () => {
    const history = createBrowserHistory(window);
    const listener = vi.fn();
    const stop = history.listen(listener);
    history.push('/messages/thread/7?from=test');
    expect(window.location.pathname).toBe('/messages/thread/7');
    expect(history.location()).toEqual({ path: '/messages/thread/7', search: '?from=test' });
    expect(history.href('/messages')).toBe('/messages');
    expect(listener).toHaveBeenCalledTimes(1);

    history.push('/login');
    window.history.back();
    await vi.waitFor(() => {
      expect(history.location().path).toBe('/messages/thread/7');
    });
    const calls = listener.mock.calls.length;
    stop();
    history.push('/after-stop');
    expect(listener).toHaveBeenCalledTimes(calls);
  });

  it('replaces without adding an entry', () => {
    const history = createBrowserHistory(window);
    const before = window.history.length;
    history.replace('/login?next=%2F');
    expect(window.location.pathname + window.location.search).toBe('/login?next=%2F');
    expect(window.history.length).toBe(before);
  });

  it('moves a fragment route (a link from a fragment-mode browser) into the path', () => {
    window.history.replaceState(null, '', '/#/messages/requests');
    const history = createBrowserHistory(window);
    expect(window.location.pathname).toBe('/messages/requests');
    expect(window.location.hash).toBe('');
    expect(history.location().path).toBe('/messages/requests');
  });

  it('swallows the replaceState error with code 18 and rethrows any other', () => {
    const fake = {
      ...windowWithoutPushState(),
      history: {
        pushState: vi.fn(),
        replaceState: vi.fn(() => {
          throw Object.assign(new Error('SecurityError'), { code: 18 });
        }),
      },
    };
    const history = createBrowserHistory(fake);
    expect(() => {
      history.replace('/login');
    }).not.toThrow();
    fake.history.replaceState.mockImplementation(() => {
      throw new TypeError('other');
    });
    expect(() => {
      history.replace('/login');
    }).toThrow(TypeError);
    expect(isSwallowedReplaceError({ code: 18 })).toBe(true);
    expect(isSwallowedReplaceError(new Error('x'))).toBe(false);
  });
});

describe('fragment mode (no pushState)', () => {
  it('is chosen when pushState is missing', () => {
    const win = windowWithoutPushState();
    expect(supportsPushState(win)).toBe(false);
    expect(createBrowserHistory(win).mode).toBe('fragment');
  });

  it('keeps the route after # and notifies on hashchange', async () => {
    const history = createBrowserHistory(windowWithoutPushState());
    const listener = vi.fn();
    history.listen(listener);
    expect(history.href('/messages/thread/3')).toBe('#/messages/thread/3');

    history.push('/messages/thread/3?q=1');
    expect(window.location.pathname).toBe('/');
    expect(window.location.hash).toBe('#/messages/thread/3?q=1');
    expect(history.location()).toEqual({ path: '/messages/thread/3', search: '?q=1' });
    await vi.waitFor(() => {
      expect(listener).toHaveBeenCalled();
    });

    history.replace('/login');
    await vi.waitFor(() => {
      expect(history.location().path).toBe('/login');
    });
  });

  it('reads the path when there is no fragment route', () => {
    window.history.replaceState(null, '', '/messages?x=2');
    const history = createBrowserHistory(windowWithoutPushState());
    expect(history.location()).toEqual({ path: '/messages', search: '?x=2' });
  });
});

describe('the leave guard on back and forward', () => {
  it('asks nothing of a guard-free history and follows at once', async () => {
    const history = createBrowserHistory(window);
    history.push('/a');
    const listener = vi.fn();
    history.listen(listener);
    window.history.back();
    await vi.waitFor(() => {
      expect(listener).toHaveBeenCalledOnce();
    });
    expect(history.location().path).toBe('/');
  });

  it('puts the URL back when the guard refuses, without telling the listeners', async () => {
    const history = createBrowserHistory(window);
    history.push('/a');
    history.push('/b');
    const guard = vi.fn(() => false);
    history.setLeaveGuard(guard);
    const listener = vi.fn();
    history.listen(listener);
    window.history.go(-2);
    await vi.waitFor(() => {
      expect(guard).toHaveBeenCalledWith('/');
    });
    await vi.waitFor(() => {
      expect(window.location.pathname).toBe('/b');
    });
    // The entries are intact: the page is still the last one, and back still reaches /a.
    history.setLeaveGuard(null);
    window.history.back();
    await vi.waitFor(() => {
      expect(history.location().path).toBe('/a');
    });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('moves on when a pending answer allows it', async () => {
    const history = createBrowserHistory(window);
    history.push('/a');
    let allow: ((allowed: boolean) => void) | null = null;
    history.setLeaveGuard(
      () =>
        new Promise<boolean>((resolve) => {
          allow = resolve;
        }),
    );
    const listener = vi.fn();
    history.listen(listener);
    window.history.back();
    const answer = await vi.waitFor(() => {
      if (allow === null) throw new Error('not asked yet');
      return allow;
    });
    // While the guard is asked, the URL is back on the shown page.
    await vi.waitFor(() => {
      expect(window.location.pathname).toBe('/a');
    });
    expect(listener).not.toHaveBeenCalled();
    answer(true);
    await vi.waitFor(() => {
      expect(window.location.pathname).toBe('/');
    });
    expect(listener).toHaveBeenCalledOnce();
    history.setLeaveGuard(null);
  });

  it('undoes a refused hash change in fragment mode', async () => {
    window.history.replaceState(null, '', '/#/start');
    const history = createBrowserHistory(windowWithoutPushState());
    const pushed = vi.fn();
    const stop = history.listen(pushed);
    history.push('/next');
    // Its own hashchange arrives later: wait for it before the next change.
    await vi.waitFor(() => {
      expect(pushed).toHaveBeenCalledOnce();
    });
    stop();
    const listener = vi.fn();
    history.listen(listener);
    history.setLeaveGuard(() => false);
    window.location.hash = '#/elsewhere';
    await vi.waitFor(() => {
      expect(window.location.hash).toBe('#/next');
    });
    expect(listener).not.toHaveBeenCalled();
    history.setLeaveGuard(() => Promise.resolve(true));
    window.location.hash = '#/allowed';
    await vi.waitFor(() => {
      expect(listener).toHaveBeenCalled();
    });
    expect(history.location().path).toBe('/allowed');
    history.setLeaveGuard(null);
  });
});
