import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { tabToGrid } from '../support/page-state';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

interface SidebarNetwork extends Network {
  friendships?: [string, string][];
  pages?: { id: string; name: string; admins?: string[] }[];
}

/**
 * Someone who administers a page and has a friend who can log in (both by
 * properties of the network file), with the pages they administer.
 */
function adminWithFriend(network: SidebarNetwork): {
  viewer: NetworkPerson;
  friend: NetworkPerson;
  pages: { id: string; name: string }[];
} {
  const people = new Map(network.people.map((p) => [p.id, p]));
  for (const viewer of network.people) {
    if (!canLogIn(viewer)) continue;
    const pages = (network.pages ?? []).filter((p) => p.admins?.includes(viewer.id));
    if (pages.length === 0) continue;
    for (const [a, b] of network.friendships ?? []) {
      const otherId = a === viewer.id ? b : b === viewer.id ? a : null;
      const friend = otherId === null ? undefined : people.get(otherId);
      if (friend !== undefined && canLogIn(friend)) return { viewer, friend, pages };
    }
  }
  throw new Error('The network file has no page admin with a friend who can log in.');
}

describe('the chat sidebar on the host page', () => {
  it('lists friends with presence and the administered pages, by keyboard, accessibly', async () => {
    const { viewer, friend, pages } = adminWithFriend(e2e.network);

    // The friend is online: their messenger's sync socket makes them ACTIVE.
    const other = await e2e.newPage();
    await loginAs(other.page, friend);
    await other.page.goto('/messages');
    await other.page.getByRole('grid', { name: 'Conversations' }).waitFor();
    await expect
      .poll(() => other.page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);

    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const sidebar = page.getByRole('complementary', { name: 'Contacts' });
    const friends = sidebar.getByRole('grid', { name: 'Friends' });
    await friends.waitFor();
    const friendRow = friends.getByRole('row').filter({ hasText: friend.name });
    await friendRow.waitFor();
    await friendRow.getByText('Active now').waitFor();
    expect(await friendRow.locator('.presence-dot').count()).toBe(1);

    // The admined_pages section: each page by name with its image, a badge capped at 9.
    const pageList = sidebar.getByRole('grid', { name: 'Your Pages' });
    await pageList.waitFor();
    for (const administered of pages) {
      const row = pageList.getByRole('row').filter({ hasText: administered.name });
      await row.waitFor();
      const badge = row.locator('.unread-badge [aria-hidden="true"]');
      if ((await badge.count()) > 0) expect(await badge.textContent()).toMatch(/^([1-9]|9\+)$/);
    }
    expect(await pageList.getByRole('row').count()).toBe(pages.length);

    await checkAccessibility(page, 'the host page with the chat sidebar');

    // Keyboard: Tab into the friend list, arrows move between people.
    await tabToGrid(page, 'Friends');
    const rows = await friends.getByRole('row').count();
    if (rows > 1) {
      const first = await page.evaluate(() => document.activeElement?.textContent ?? '');
      await page.keyboard.press('ArrowDown');
      const second = await page.evaluate(() => document.activeElement?.textContent ?? '');
      expect(second).not.toBe(first);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('row');
    }
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
