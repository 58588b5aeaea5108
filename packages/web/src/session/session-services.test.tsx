import { act, render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { UnreadCount } from './unread-count';
import type { RelayServices, SessionLogin, SessionServices } from './session-services';
import { SessionProvider, useSession, type Session } from './SessionProvider';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const viewer = (id: string) => ({
  id,
  name: `Person ${id}`,
  short_name: id,
  username: `p${id}`,
  account: 'personal',
  company_id: null,
  company_prefix: null,
  is_employee: false,
  is_work: false,
  gates: [],
});

/** The auth routes of a server where nobody is signed in until /auth/login. */
function authServer(): typeof globalThis.fetch {
  const fetch = (url: string, init: RequestInit = {}) => {
    if (url === '/auth/session') return Promise.resolve(json(401, { error: { code: 'x' } }));
    if (url === '/auth/login' && typeof init.body === 'string') {
      const { username } = JSON.parse(init.body) as { username: string };
      return Promise.resolve(json(200, { viewer: viewer(username), csrf_token: 't' }));
    }
    if (url === '/auth/logout') return Promise.resolve(json(200, {}));
    return Promise.resolve(json(404, { error: { code: 'not_found', message: 'Not found.' } }));
  };
  return fetch as unknown as typeof globalThis.fetch;
}

/** What each login's services saw: built for whom, disposed or not. */
interface Built {
  login: SessionLogin;
  services: SessionServices;
  disposed: number;
}

/** A builder that records what SessionProvider asks of it (the real one needs Relay's chunk). */
function recordingBuilder(): { built: Built[]; create: (login: SessionLogin) => SessionServices } {
  const built: Built[] = [];
  const create = (login: SessionLogin): SessionServices => {
    const entry: Built = {
      login,
      disposed: 0,
      services: {
        viewerId: login.viewerId,
        unread: new UnreadCount(),
        relay: () => new Promise<RelayServices>(() => undefined),
        dispose: () => {
          entry.disposed += 1;
        },
      },
    };
    built.push(entry);
    return entry.services;
  };
  return { built, create };
}

function Probe({ onSession }: { onSession: (session: Session) => void }): ReactNode {
  const session = useSession();
  useEffect(() => {
    onSession(session);
  });
  return <p>{session.state.status}</p>;
}

function renderProvider(create: (login: SessionLogin) => SessionServices) {
  const current: { session: Session | null } = { session: null };
  const view = render(
    <SessionProvider
      marker={{ get: () => false, set: () => undefined }}
      fetch={authServer()}
      createServices={create}
    >
      <Probe
        onSession={(session) => {
          current.session = session;
        }}
      />
    </SessionProvider>,
  );
  const session = (): Session => {
    if (current.session === null) throw new Error('no session yet');
    return current.session;
  };
  return { view, session };
}

describe("a login's session services", () => {
  it('are built once at login, handed out while signed in, and disposed at logout', async () => {
    const { built, create } = recordingBuilder();
    const { session } = renderProvider(create);
    await screen.findByText('anonymous');
    expect(built).toHaveLength(0);

    await act(async () => {
      await session().login({ username: '7', password: 'pw' });
    });
    await screen.findByText('signed-in');
    expect(built.map((b) => b.login.viewerId)).toEqual(['7']);
    const state = session().state;
    expect(state.status === 'signed-in' ? state.services : null).toBe(built[0]?.services);
    expect(built[0]?.disposed).toBe(0);

    await act(async () => {
      await session().logout();
    });
    await screen.findByText('anonymous');
    expect(built[0]?.disposed).toBe(1);

    // The next login gets services of its own.
    await act(async () => {
      await session().login({ username: '8', password: 'pw' });
    });
    expect(built.map((b) => b.login.viewerId)).toEqual(['7', '8']);
    expect(built[1]?.disposed).toBe(0);
  });

  it('are disposed when the server no longer knows the session, and when the app goes', async () => {
    const { built, create } = recordingBuilder();
    const { view, session } = renderProvider(create);
    await screen.findByText('anonymous');
    await act(async () => {
      await session().login({ username: '7', password: 'pw' });
    });
    await screen.findByText('signed-in');
    // The socket closed as unauthenticated (or a 401): the builder's sessionLost says so.
    act(() => {
      built[0]?.login.sessionLost();
    });
    await screen.findByText('expired');
    expect(built[0]?.disposed).toBe(1);

    await act(async () => {
      await session().login({ username: '9', password: 'pw' });
    });
    view.unmount();
    expect(built[1]?.disposed).toBe(1);
    // Nothing is disposed twice.
    expect(built[0]?.disposed).toBe(1);
  });
});
