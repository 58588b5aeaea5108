import { createServer } from 'node:net';
import { SYNC_CLOSE } from '@messenger/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIdentityProvider,
  type RunningIdentityProvider,
} from '../../src/features/demo/identity-provider';
import { startLiveApp, type LiveApp } from '../sync/support/app';
import { SyncClient } from '../sync/support/socket';
import { PEOPLE } from '../sync/support/world';
import { dialectsUnderTest } from '../support/test-db';
import { Agent } from './agent';

const dialects = await dialectsUnderTest();
const SECRET = 'messenger-client-secret-0123456789';
const STRANGER = '990001';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  });
}

const NAMES: Record<string, string> = { [PEOPLE.ann]: 'Ann Tester', [STRANGER]: 'Nadia New' };

describe.each(dialects)('OpenID Connect sign-in against a real provider (%s)', (dialect) => {
  let idp: RunningIdentityProvider;
  let live: LiveApp;
  let base: string;

  const start = async (env: Record<string, string>): Promise<void> => {
    const port = await freePort();
    base = `http://127.0.0.1:${String(port)}`;
    idp = await startIdentityProvider({
      clients: [
        {
          client_id: 'messenger',
          client_secret: SECRET,
          redirect_uris: [`${base}/auth/oidc/callback`],
          post_logout_redirect_uris: [`${base}/login`],
          backchannel_logout_uri: `${base}/auth/oidc/backchannel-logout`,
          backchannel_logout_session_required: true,
        },
      ],
      account: (id) =>
        id in NAMES
          ? {
              id,
              name: NAMES[id] ?? '',
              givenName: (NAMES[id] ?? '').split(' ')[0] ?? '',
              username: `idp.${id}`,
            }
          : null,
      authenticate: () => null,
    });
    live = await startLiveApp(dialect, {
      port,
      sync: { sessionCheckMs: 10 * 60 * 1000 },
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'messenger',
        OIDC_CLIENT_SECRET: SECRET,
        OIDC_PERSON_CLAIM: 'network_person_id',
        ...env,
      },
    });
  };

  describe('with passwords off and no just-in-time creation', () => {
    beforeAll(async () => {
      await start({ PASSWORD_LOGIN: 'off' });
    });
    afterAll(async () => {
      await live.dispose();
      await idp.close();
    });

    it('signs in by authorization code with PKCE and lands on the page asked for', async () => {
      idp.autoLogin = PEOPLE.ann;
      const agent = new Agent();
      const { response, url } = await agent.navigate(`${base}/auth/oidc/login?return_to=/messages`);
      expect(new URL(url).pathname).toBe('/messages');
      // The landing page is the web client's index.html, or, in a tree where the
      // client is not built (CI runs vitest before the build), its clear 503 page.
      const landing = await response.text();
      if (response.status !== 200) {
        expect(response.status).toBe(503);
        expect(landing).toContain('The web client is not built yet');
      }
      const session = await agent.request(`${base}/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ viewer: { id: PEOPLE.ann } });
    });

    it('refuses passwords, an open redirect, and a callback not started in this browser', async () => {
      const password = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ann.sync', password: 'x' }),
      });
      expect(password.status).toBe(403);
      const methods = await fetch(`${base}/auth/methods`);
      expect(await methods.json()).toEqual({ password: false, sso: true });
      expect(await password.json()).toMatchObject({ error: { code: 'password_login_disabled' } });

      idp.autoLogin = PEOPLE.ann;
      const agent = new Agent();
      const { url } = await agent.navigate(`${base}/auth/oidc/login?return_to=//evil.example/x`);
      expect(url).toBe(`${base}/`);

      // The identity provider's answer replayed in another browser: refused.
      const started = new Agent();
      const first = await started.request(`${base}/auth/oidc/login`);
      const authorize = first.headers.get('location') ?? '';
      const atIdp = await started.navigate(authorize);
      expect(new URL(atIdp.url).pathname).toBe('/');
      // (the callback was consumed above; a fresh attacker-side flow is replayed below)
      const attacker = new Agent();
      const attackerLogin = await attacker.request(`${base}/auth/oidc/login`);
      let hop = await attacker.request(attackerLogin.headers.get('location') ?? '');
      while (hop.status >= 300 && hop.status < 400) {
        const next = new URL(hop.headers.get('location') ?? '', idp.issuer).href;
        if (next.startsWith(`${base}/auth/oidc/callback`)) {
          const victim = new Agent();
          const replay = await victim.request(next);
          expect(replay.status).toBe(400);
          expect(await replay.text()).toContain('Sign-in expired');
          break;
        }
        hop = await attacker.request(next);
      }
    });

    it('shows a clear page to a person the network does not have', async () => {
      idp.autoLogin = STRANGER;
      const agent = new Agent();
      const { response } = await agent.navigate(`${base}/auth/oidc/login`);
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).toContain('<h1>No account here yet</h1>');
      expect(html).toContain('Ask the network’s administrators to add you.');
    });

    it('answers prompt=none without an identity-provider session by going back quietly', async () => {
      idp.autoLogin = null;
      const agent = new Agent();
      const { url } = await agent.navigate(
        `${base}/auth/oidc/login?prompt=none&return_to=/embed/v1/frame`,
      );
      expect(url).toBe(`${base}/embed/v1/frame?sso=login_required`);
      expect(agent.cookie('msgr_session')).toBeUndefined();
    });

    it('a back-channel logout at the provider closes the open socket live', async () => {
      idp.autoLogin = PEOPLE.ann;
      const agent = new Agent();
      await agent.navigate(`${base}/auth/oidc/login`);
      const socket = await SyncClient.connect(`${base.replace('http', 'ws')}/sync`, {
        cookie: agent.cookieHeader(),
      });
      await socket.hello(0);
      // The person signs out at the identity provider (its own sign-out form).
      const form = await agent.navigate(`${idp.issuer}/session/end`);
      const html = await form.response.text();
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(xsrf).not.toBe('');
      const done = await agent.navigate(new URL(action, idp.issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      });
      expect(new URL(done.url).pathname).toBe('/session/end/success');
      expect((await socket.closed).code).toBe(SYNC_CLOSE.unauthenticated);
      expect((await agent.request(`${base}/auth/session`)).status).toBe(401);
    });

    it("RP-initiated logout ends the session here and hands the provider's end-session URL", async () => {
      idp.autoLogin = PEOPLE.ann;
      const agent = new Agent();
      await agent.navigate(`${base}/auth/oidc/login`);
      const session = (await (await agent.request(`${base}/auth/session`)).json()) as {
        csrf_token: string;
      };
      const logout = await agent.request(`${base}/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: '{}',
      });
      const body = (await logout.json()) as { end_session_url?: string };
      expect(body.end_session_url).toMatch(new RegExp(`^${idp.issuer}/session/end\\?`));
      expect(new URL(body.end_session_url ?? '').searchParams.get('id_token_hint')).toMatch(/^ey/);
      expect((await agent.request(`${base}/auth/session`)).status).toBe(401);
    });
  });

  describe('with just-in-time creation on', () => {
    beforeAll(async () => {
      await start({ OIDC_JIT: 'on' });
    });
    afterAll(async () => {
      await live.dispose();
      await idp.close();
    });

    it("creates an unknown person at their first sign-in from the token's claims", async () => {
      idp.autoLogin = STRANGER;
      const agent = new Agent();
      await agent.navigate(`${base}/auth/oidc/login`);
      const session = await agent.request(`${base}/auth/session`);
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({
        viewer: {
          id: STRANGER,
          name: 'Nadia New',
          short_name: 'Nadia',
          username: `idp.${STRANGER}`,
        },
      });
    });
  });
});
