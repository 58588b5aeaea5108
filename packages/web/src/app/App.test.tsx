import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '../http/api';
import { createBrowserHistory } from '../router/history';
import type { SessionMarker, Viewer } from '../session/session-client';
import { App } from './App';

const viewer: Viewer = {
  id: '42',
  name: 'Test Person',
  short_name: 'Test',
  username: 'test.person',
  account: 'personal',
  company_id: null,
  company_prefix: null,
  is_employee: false,
  is_work: false,
  gates: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const unauthenticated = () =>
  json(401, { error: { code: 'unauthenticated', message: 'Log in to continue.' } });

/** A stand-in for the server's /auth routes, recording what the client sent. */
function fakeServer(options: { signedIn: boolean }) {
  let signedIn = options.signedIn;
  const requests: { method: string; url: string; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, headers: new Headers(init.headers), body });
    const route = `${method} ${url}`;
    if (route === 'GET /auth/session') {
      return Promise.resolve(
        signedIn ? json(200, { viewer, csrf_token: 'csrf-1' }) : unauthenticated(),
      );
    }
    if (route === 'POST /auth/login') {
      const { password } = body as { password: string };
      if (password !== 'right') {
        return Promise.resolve(
          json(401, {
            error: { code: 'invalid_credentials', message: 'Wrong username or password.' },
          }),
        );
      }
      signedIn = true;
      return Promise.resolve(json(200, { viewer, csrf_token: 'csrf-2' }));
    }
    if (route === 'POST /auth/logout') {
      signedIn = false;
      return Promise.resolve(json(200, { ok: true }));
    }
    return Promise.resolve(json(404, { error: { code: 'not_found', message: 'Not found.' } }));
  });
  return { requests, fetch: fetch as unknown as typeof globalThis.fetch };
}

function memoryMarker(initial: boolean): SessionMarker {
  let had = initial;
  return { get: () => had, set: (value) => (had = value) };
}

function renderApp(
  path: string,
  server: ReturnType<typeof fakeServer>,
  marker = memoryMarker(false),
) {
  window.history.replaceState(null, '', path);
  render(<App history={createBrowserHistory(window)} marker={marker} fetch={server.fetch} />);
  return { marker };
}

beforeEach(() => {
  document.title = '';
});

describe('App', () => {
  it('sends an anonymous visitor to the login page, then back where they were going', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ signedIn: false });
    const { marker } = renderApp('/messages/thread/3', server);
    await screen.findByRole('heading', { level: 1, name: 'Log in to Messenger' });
    expect(window.location.pathname + window.location.search).toBe(
      '/login?next=%2Fmessages%2Fthread%2F3',
    );
    await waitFor(() => {
      expect(document.title).toBe('Log In');
    });

    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'test.person');
    await user.type(screen.getByLabelText('Password'), 'right{Enter}');

    await screen.findByRole('main', { name: 'Conversation' }, { timeout: 5000 });
    expect(window.location.pathname).toBe('/messages/thread/3');
    expect(screen.getByRole('navigation', { name: 'Chats' })).toBeTruthy();
    expect(marker.get()).toBe(true);
  });

  it('shows the host page with the messenger regions to a signed-in person, and logs out with the CSRF token', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ signedIn: true });
    renderApp('/', server, memoryMarker(true));

    const feed = await screen.findByRole('main', { name: 'News Feed' });
    expect(within(feed).getByRole('heading', { name: 'Welcome, Test' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Contacts' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Open chats' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => {
      expect(document.title).toBe('Home');
    });

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await screen.findByRole('heading', { name: 'Log in to Messenger' });
    const logout = server.requests.find((r) => r.url === '/auth/logout');
    expect(logout?.headers.get(CSRF_HEADER)).toBe('csrf-1');
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the expired-session page when a session this browser had is gone', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ signedIn: false });
    const { marker } = renderApp('/messages', server, memoryMarker(true));

    await screen.findByRole('heading', { name: 'Your session has expired' });
    await waitFor(() => {
      expect(document.title).toBe('Session expired');
    });
    expect(window.location.pathname).toBe('/messages');

    await user.click(screen.getByRole('button', { name: 'Log In Again' }));
    await screen.findByRole('heading', { name: 'Log in to Messenger' });
    expect(window.location.search).toBe('?next=%2Fmessages');
    expect(marker.get()).toBe(false);
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/no/such/page', fakeServer({ signedIn: true }), memoryMarker(true));
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it('offers to try again when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ signedIn: true });
    const original = server.fetch;
    let down = true;
    server.fetch = (...args) =>
      down ? Promise.reject(new TypeError('Failed to fetch')) : original(...args);
    renderApp('/', server, memoryMarker(true));
    await screen.findByRole('heading', { name: "Can't reach the messenger" });
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('main', { name: 'News Feed' });
  });
});
