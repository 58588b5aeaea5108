import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

interface FolderNetwork extends Network {
  friendships?: [string, string][];
  blocks?: [string, string][];
}

/** Two personal accounts who can log in, are not friends or coworkers, and share no thread. */
function strangers(network: FolderNetwork): { viewer: NetworkPerson; stranger: NetworkPerson } {
  const linked = (a: string, b: string) =>
    [...(network.friendships ?? []), ...(network.blocks ?? [])].some(
      ([x, y]) => (x === a && y === b) || (x === b && y === a),
    ) || network.threads.some((t) => t.participants.includes(a) && t.participants.includes(b));
  const people = network.people.filter(
    (p) => canLogIn(p) && p.account === 'personal' && !p.messenger_only,
  );
  for (const viewer of people)
    for (const stranger of people)
      if (viewer.id !== stranger.id && !linked(viewer.id, stranger.id)) return { viewer, stranger };
  throw new Error('The network file has no two strangers who can log in.');
}

/** The number an entry shows (none shown: 0). */
async function countOf(entry: Locator): Promise<number> {
  const badge = entry.locator('.folder-entry-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

describe('the folder entries of /messages', () => {
  it('reaches message requests and filtered, each headed by its folder, with counts kept live', async () => {
    const { viewer, stranger } = strangers(e2e.network);
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    await page.goto('/messages');
    const list = page.getByRole('navigation', { name: 'Chats' });
    await list.getByRole('heading', { name: 'Chats' }).waitFor();
    const folders = list.getByRole('list', { name: 'Folders' });
    const requests = folders.getByRole('link', { name: /^Message requests/ });
    const filtered = folders.getByRole('link', { name: /^Filtered/ });
    await requests.waitFor();
    await filtered.waitFor();
    expect(await folders.getByRole('link', { name: 'Chats' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);
    const before = (await countOf(requests)) + (await countOf(filtered));

    // A stranger writes while the page is open: the count goes up without a reload.
    const other = await e2e.newPage();
    await loginAs(other.page, stranger);
    await other.page.goto(`/messages/t/${viewer.id}`);
    const composer = other.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('hello from someone you do not know');
    await composer.press('Enter');
    await expect
      .poll(async () => (await countOf(requests)) + (await countOf(filtered)), { timeout: 5_000 })
      .toBe(before + 1);

    await requests.click();
    await page.waitForURL((url) => url.pathname === '/messages/requests');
    const requestsList = page.getByRole('navigation', { name: 'Message requests' });
    await requestsList.getByRole('heading', { name: 'Message requests' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Chats', exact: true }).count()).toBe(0);
    await checkAccessibility(page, 'the message requests folder');

    await requestsList.getByRole('link', { name: /^Filtered/ }).click();
    await page.waitForURL((url) => url.pathname === '/messages/filtered');
    await page
      .getByRole('navigation', { name: 'Filtered' })
      .getByRole('heading', { name: 'Filtered' })
      .waitFor();
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
