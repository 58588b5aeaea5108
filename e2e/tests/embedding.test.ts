import { createServer, type Server } from 'node:http';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIdentityProvider,
  type RunningIdentityProvider,
} from '../../packages/server/src/features/demo/identity-provider';
import {
  startHostSite,
  type RunningHostSite,
} from '../../packages/server/src/features/demo/host-site';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';
import { networkFilePath } from '../support/paths';
import { freePort, startServer, type RunningServer } from '../support/server';

/*
 * Three origins on loopback, as a host network runs Messenger: the identity
 * provider and the host site on `localhost` (one site, as a network's login
 * and pages are), the messenger on `127.0.0.1` (another site: its frame gets
 * only partitioned third-party cookies). All real: oidc-provider, the demo
 * host site, the messenger server, Chromium.
 */
const e2e = useE2E();
const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const SECRET = 'e2e-oidc-secret-0123456789';
let idp: RunningIdentityProvider;
let host: RunningHostSite;
let messenger: RunningServer;
let unlisted: Server;
let unlistedUrl = '';

type GraphNetwork = Network & { friendships?: [string, string][]; blocks?: [string, string][] };
const linked = (pairs: [string, string][] | undefined, a: string, b: string): boolean =>
  (pairs ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** A viewer and a stranger: personal accounts, not friends, no block, no thread together. */
function viewerAndStranger(network: GraphNetwork): [NetworkPerson, NetworkPerson] {
  const people = network.people.filter((p) => canLogIn(p) && p.account === 'personal');
  const shareThread = (a: string, b: string) =>
    network.threads.some((t) => t.participants.includes(a) && t.participants.includes(b));
  for (const viewer of people) {
    const stranger = people.find(
      (p) =>
        p.id !== viewer.id &&
        !linked(network.friendships, viewer.id, p.id) &&
        !linked(network.blocks, viewer.id, p.id) &&
        !shareThread(viewer.id, p.id),
    );
    if (stranger !== undefined) return [viewer, stranger];
  }
  throw new Error('The network file has no two strangers without a thread together.');
}

const [viewer, stranger] = viewerAndStranger(e2e.network);

beforeAll(async () => {
  const [hostPort, idpPort] = [await freePort(), await freePort()];
  const hostUrl = `http://localhost:${String(hostPort)}`;
  const issuer = `http://localhost:${String(idpPort)}`;
  messenger = await startServer({
    networkFile: networkFilePath(),
    env: {
      ADMIN_TOKEN,
      EMBED_ORIGINS: hostUrl,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'messenger',
      OIDC_CLIENT_SECRET: SECRET,
    },
  });
  const people = new Map(e2e.network.people.map((p) => [p.id, p]));
  idp = await startIdentityProvider({
    port: idpPort,
    publicHost: 'localhost',
    clients: [
      {
        client_id: 'messenger',
        client_secret: SECRET,
        redirect_uris: [`${messenger.url}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${messenger.url}/login`],
        backchannel_logout_uri: `${messenger.url}/auth/oidc/backchannel-logout`,
        backchannel_logout_session_required: true,
      },
      {
        client_id: 'host',
        client_secret: SECRET,
        redirect_uris: [`${hostUrl}/callback`],
        post_logout_redirect_uris: [`${hostUrl}/`],
      },
    ],
    account: (id) => {
      const p = people.get(id);
      return p === undefined
        ? null
        : { id, name: p.name, givenName: p.short_name, username: p.username };
    },
    authenticate: (username, password) =>
      e2e.network.people.find((p) => p.username === username && p.password === password)?.id ??
      null,
  });
  host = await startHostSite({
    port: hostPort,
    issuer,
    clientId: 'host',
    clientSecret: SECRET,
    messengerUrl: messenger.url,
    people: () => [{ id: stranger.id, name: stranger.name }],
  });
  // A page on an origin EMBED_ORIGINS does not list, with the same script tag.
  unlisted = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html lang="en"><head><title>Elsewhere</title></head><body>
<main><h1>Elsewhere</h1></main>
<script>window.heard = []; window.addEventListener('message', (e) => window.heard.push(e.origin));</script>
<script async src="${messenger.url}/embed/v1/kit.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => unlisted.listen(0, '127.0.0.1', resolve));
  const address = unlisted.address();
  unlistedUrl = `http://localhost:${String(typeof address === 'object' && address ? address.port : 0)}`;
}, 180_000);

afterAll(async () => {
  unlisted.close();
  await host.close();
  await idp.close();
  await messenger.stop();
});

async function admin(body: unknown): Promise<number> {
  const response = await fetch(`${messenger.url}/admin/graph`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

/** Signs in at the host through the identity provider's own form. */
async function signInAtHost(page: Page, person: NetworkPerson): Promise<void> {
  await page.goto(`${host.url}/`);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(person.username);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Hello, ${person.name}` }).waitFor();
}

/** The kit's frame of a host page, once it shows the messenger's embed route. */
async function embedFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith(`${messenger.url}/embed?`)), {
      timeout: 15_000,
    })
    .toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith(`${messenger.url}/embed?`));
  if (frame === undefined) throw new Error('no embed frame');
  return frame;
}

async function settled(frame: Frame): Promise<void> {
  await expect
    .poll(() => frame.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

const badge = (page: Page) => page.locator('#messenger-unread');

describe('the embedding kit on a host site of another origin', () => {
  it('signs in with the host, shows live friends, messages and the unread count, and ends with the provider', async () => {
    const { page, context, pageErrors } = await e2e.newPage(host.url);
    await signInAtHost(page, viewer);

    // No second sign-in: the frame signs in silently at the provider and shows the sidebar.
    const frame = await embedFrame(page);
    const friends = frame
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('grid', { name: 'Friends' });
    await friends.waitFor();
    await settled(frame);
    expect(await frame.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    expect(await page.evaluate(() => window.MessengerEmbed?.isSignedIn())).toBe(true);
    await page.screenshot({ path: '/work/screens/embed35/host-embedded-1280.png' });
    await checkAccessibility(page, 'the host page with the embedded messenger');

    // A friendship added through the admin API appears live in the open embedded sidebar.
    const row = friends.getByRole('row').filter({ hasText: stranger.name });
    expect(await row.count()).toBe(0);
    expect(
      await admin({
        changes: [{ op: 'add', type: 'friendship', person_id: viewer.id, other_id: stranger.id }],
      }),
    ).toBe(200);
    await row.first().waitFor();

    // The new friend writes from the messenger itself; the host's own badge follows the kit's count.
    const before = Number(await badge(page).textContent());
    const other = await e2e.newPage(messenger.url);
    await loginAs(other.page, stranger);
    await other.page
      .getByRole('grid', { name: 'Friends' })
      .getByRole('row')
      .filter({ hasText: viewer.name })
      .first()
      .click();
    const otherTab = other.page.getByRole('region', { name: 'Open chats' }).getByRole('group');
    const composer = otherTab.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    await expect
      .poll(() => other.page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);
    const first = `embed-first-${String(Date.now())}`;
    await composer.fill(first);
    await composer.press('Enter');
    await expect.poll(() => badge(page).textContent()).toBe(String(before + 1));
    expect(await page.evaluate(() => window.MessengerEmbed?.getUnreadCount())).toBe(before + 1);

    // The host opens the conversation through the kit: an embedded chat tab, read, badge back.
    await page.getByRole('button', { name: 'Message' }).click();
    const tab = frame.getByRole('region', { name: 'Open chats' }).getByRole('group');
    const log = tab.getByRole('log', { name: 'Messages' });
    await log.getByRole('listitem').filter({ hasText: first }).waitFor();
    await expect.poll(() => badge(page).textContent()).toBe(String(before));

    // A message sent now arrives live in the open embedded tab.
    const second = `embed-second-${String(Date.now())}`;
    await composer.fill(second);
    await composer.press('Enter');
    await log.getByRole('listitem').filter({ hasText: second }).waitFor();
    await page.screenshot({ path: '/work/screens/embed35/host-embedded-tab-1280.png' });
    await checkAccessibility(page, 'the host page with an embedded chat tab');

    // The host sets theme and language through the kit; a message forged on the host page
    // itself (not from the messenger's frame) is not heard.
    await page.evaluate(() => {
      window.MessengerEmbed?.setTheme('dark');
      window.MessengerEmbed?.setLanguage('fr');
    });
    await expect
      .poll(() => frame.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    await expect.poll(() => frame.evaluate(() => document.documentElement.lang)).toBe('fr');
    // The same tokens as the messenger's own dark theme; the frame keeps the light scheme,
    // so Chromium does not paint it opaque over the host page.
    const frameLook = () =>
      frame.evaluate(() => ({
        sidebar: getComputedStyle(document.querySelector('.chat-sidebar') ?? document.body)
          .backgroundColor,
        scheme: getComputedStyle(document.documentElement).colorScheme,
      }));
    expect(await frameLook()).toEqual({ sidebar: 'rgb(36, 37, 38)', scheme: 'light' });
    await page.screenshot({ path: '/work/screens/embed35/host-embedded-dark-1280.png' });
    await page.evaluate(() => {
      window.MessengerEmbed?.setTheme('light');
    });
    await expect.poll(async () => (await frameLook()).sidebar).toBe('rgb(255, 255, 255)');
    const count = await page.evaluate(() => window.MessengerEmbed?.getUnreadCount());
    await page.evaluate(() => {
      window.postMessage({ source: 'messenger-embed', v: 1, type: 'unread', count: 99 }, '*');
    });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.MessengerEmbed?.getUnreadCount())).toBe(count);
    expect(await badge(page).textContent()).toBe(String(count));

    // Signing out at the host ends the provider's session; its back-channel logout ends the
    // embedded session of another open host page live, and that host hears "signed out".
    const still = await context.newPage();
    await still.goto(`${host.url}/`);
    const stillFrame = await embedFrame(still);
    await stillFrame.getByRole('grid', { name: 'Friends' }).waitFor();
    await settled(stillFrame);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click(); // the provider's confirmation
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await stillFrame.getByRole('heading', { name: 'You’re logged out' }).waitFor();
    await still.getByRole('status').filter({ hasText: 'Messenger signed out' }).waitFor();
    await still.screenshot({ path: '/work/screens/embed35/host-embed-signed-out-1280.png' });
    await checkAccessibility(still, 'the host page with the embed signed out');
    expect(await still.evaluate(() => window.MessengerEmbed?.isSignedIn())).toBe(false);
    expect(await badge(still).textContent()).toBe('0');

    // No session at the provider now: "Log in" opens the provider in a popup; the host page stays.
    const popupOpened = still.waitForEvent('popup');
    await stillFrame.getByRole('button', { name: 'Log in' }).click();
    const popup = await popupOpened;
    await popup.getByRole('textbox', { name: 'Username' }).fill(viewer.username);
    await popup.getByLabel('Password').fill(viewer.password);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.waitForEvent('close');
    const back = await embedFrame(still);
    await back.getByRole('grid', { name: 'Friends' }).waitFor();
    expect(still.url()).toBe(`${host.url}/`);
    await other.close();
    expect(pageErrors).toEqual([]);
  });

  it('a page of an unlisted origin gets no frame and no message', async () => {
    const { page } = await e2e.newPage(unlistedUrl);
    await page.goto(`${unlistedUrl}/`);
    await page.waitForFunction(() => window.MessengerEmbed !== undefined);
    // The server refuses the frame for that parent, and frame-ancestors would block it anyway.
    const refused = await fetch(`${messenger.url}/embed?parent=${encodeURIComponent(unlistedUrl)}`);
    expect(refused.status).toBe(403);
    const listedCsp = (
      await fetch(`${messenger.url}/embed?parent=${encodeURIComponent(host.url)}`)
    ).headers.get('content-security-policy');
    expect(listedCsp).toContain(`frame-ancestors ${host.url}`);
    await page.waitForTimeout(3000);
    expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([]);
    expect(await page.evaluate(() => window.MessengerEmbed?.isSignedIn())).toBe(false);
    const frame = page.frames().find((f) => f.url().includes('/embed'));
    if (frame !== undefined) {
      expect(await frame.getByRole('complementary', { name: 'Contacts' }).count()).toBe(0);
    }
  });
});

declare global {
  interface Window {
    MessengerEmbed?: {
      isSignedIn: () => boolean;
      getUnreadCount: () => number;
      openConversation: (personId: string, options?: { name?: string }) => void;
      setTheme: (theme: 'light' | 'dark') => void;
      setLanguage: (language: string) => void;
    };
  }
}
