import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';
import { networkFilePath } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

const e2e = useE2E();
let server: RunningServer;
const ADMIN_TOKEN = 'e2e-admin-token-0123456789';
const SCIM_TOKEN = 'e2e-scim-token-0123456789';

beforeAll(async () => {
  server = await startServer({ networkFile: networkFilePath(), env: { ADMIN_TOKEN, SCIM_TOKEN } });
});
afterAll(async () => {
  await server.stop();
});

type GraphNetwork = Network & { friendships?: [string, string][]; blocks?: [string, string][] };

/** Two people who can log in, are not friends, and neither blocks the other (by properties only). */
function strangers(network: GraphNetwork): { viewer: NetworkPerson; stranger: NetworkPerson } {
  const linked = (a: string, b: string, pairs: [string, string][] = []) =>
    pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const people = network.people.filter((p) => canLogIn(p) && p.account === 'personal');
  for (const viewer of people) {
    const stranger = people.find(
      (p) =>
        p.id !== viewer.id &&
        !linked(viewer.id, p.id, network.friendships) &&
        !linked(viewer.id, p.id, network.blocks),
    );
    if (stranger !== undefined) return { viewer, stranger };
  }
  throw new Error('The network file has no two personal accounts that are strangers.');
}

async function admin(
  path: string,
  token: string,
  method: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': path.startsWith('/scim/') ? 'application/scim+json' : 'application/json',
    },
    body: JSON.stringify(body),
  });
}

async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

describe('the host network provisions while the page is open', () => {
  it('a friendship added and removed through the admin API appears and goes in an open sidebar', async () => {
    const { viewer, stranger } = strangers(e2e.network);
    const { page, pageErrors } = await e2e.newPage(server.url);
    await loginAs(page, viewer);
    const friends = page
      .getByRole('complementary', { name: 'Contacts' })
      .getByRole('grid', { name: 'Friends' });
    await friends.waitFor();
    await settled(page);
    const row = friends.getByRole('row').filter({ hasText: stranger.name });
    expect(await row.count()).toBe(0);

    const friendship = { type: 'friendship', person_id: viewer.id, other_id: stranger.id };
    const added = await admin('/admin/graph', ADMIN_TOKEN, 'POST', {
      changes: [{ op: 'add', ...friendship }],
    });
    expect(added.status).toBe(200);
    await row.first().waitFor();
    await page.screenshot({ path: '/work/screens/embed35/sidebar-friend-added-1280.png' });
    await checkAccessibility(page, 'the host page after a friendship arrived live');

    // The host network deactivates the new friend, then brings them back: the open row follows.
    const setActive = (active: boolean) =>
      admin(`/scim/v2/Users/${stranger.id}`, SCIM_TOKEN, 'PATCH', {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'active', value: active }],
      });
    expect((await setActive(false)).status).toBe(200);
    await row.getByText('Deactivated').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: '/work/screens/embed35/sidebar-deactivated-390.png',
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: '/work/screens/embed35/sidebar-deactivated-1280.png' });
    await checkAccessibility(page, 'the host page with a deactivated friend');
    expect((await setActive(true)).status).toBe(200);
    await expect.poll(() => row.getByText('Deactivated').count()).toBe(0);

    const removed = await admin('/admin/graph', ADMIN_TOKEN, 'POST', {
      changes: [{ op: 'remove', ...friendship }],
    });
    expect(removed.status).toBe(200);
    await expect.poll(() => row.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a SCIM deactivation signs the open page out at once, and sign-in is refused', async () => {
    const { stranger: person } = strangers(e2e.network);
    const { page } = await e2e.newPage(server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, person);
    await page.getByRole('link', { name: 'Messenger' }).click();
    await page.getByRole('navigation', { name: 'Chats' }).waitFor();
    await settled(page);

    const off = await admin(`/scim/v2/Users/${person.id}`, SCIM_TOKEN, 'PATCH', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.status).toBe(200);
    // No reload: the server closed the socket, and the page shows it.
    await page.getByRole('heading', { name: 'Your session has expired' }).waitFor();
    await page.screenshot({ path: '/work/screens/embed35/deactivated-390.png' });

    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: person.username, password: person.password }),
    });
    expect(login.status).toBe(401);
  });
});
