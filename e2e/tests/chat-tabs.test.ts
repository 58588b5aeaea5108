import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { tabToGrid } from '../support/page-state';
import { loginAs } from '../support/login';
import { groupMemberWithFriends } from '../support/network';

const e2e = useE2E();

const dock = (page: Page): Locator => page.getByRole('region', { name: 'Open chats' });

/** Moves down the focused grid with the arrow keys until the row for `key` has the focus. */
async function arrowToRow(page: Page, key: string): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-key'));
    if (focused === key) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`The arrows never reached the row ${key}`);
}

/** The focused element is the composer of a chat tab. */
const composerHasFocus = (page: Page): Promise<boolean> =>
  page.evaluate(
    () =>
      document.activeElement instanceof HTMLTextAreaElement &&
      document.activeElement.closest('.chat-tab .composer') !== null,
  );

async function sendFrom(page: Page, tab: Locator, text: string): Promise<void> {
  const composer = tab.getByRole('textbox', { name: 'Message' });
  await composer.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

const message = (tab: Locator, token: string): Locator =>
  tab.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: token });

describe('chat tabs on the host page', () => {
  it('opens a group by keyboard, talks live with another member, minimizes, survives a reload', async () => {
    const { group, viewer, member, friend, newFriend } = groupMemberWithFriends(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, viewer);
    await loginAs(b.page, member);

    // The other member opens the same group in a tab of their own (by mouse).
    const bGroups = b.page.getByRole('grid', { name: 'Groups' });
    await bGroups.locator(`[data-key="${group.id}"]`).click();
    const bTab = dock(b.page).getByRole('group');
    await bTab.getByRole('textbox', { name: 'Message' }).waitFor();
    await expect
      .poll(() => b.page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);

    // The sidebar keeps a labelled place for the search typeahead.
    await a.page.getByRole('search', { name: 'Search Messenger' }).waitFor();

    // The viewer opens the group by keyboard alone: Tab into the Groups list, arrows, Enter.
    const groups = a.page.getByRole('grid', { name: 'Groups' });
    const groupRow = groups.locator(`[data-key="${group.id}"]`);
    await groupRow.waitFor();
    const sidebarTitle = (await groupRow.locator('.sidebar-name').textContent()) ?? '';
    await tabToGrid(a.page, 'Groups');
    await arrowToRow(a.page, group.id);
    await a.page.keyboard.press('Enter');

    // The tab: a header button named by the title (core threadTitle, ellipsis), the focus in its composer.
    const tab = dock(a.page).getByRole('group');
    await tab.waitFor();
    await expect.poll(() => composerHasFocus(a.page)).toBe(true);
    const headerId = (await tab.getByRole('button', { expanded: true }).getAttribute('id')) ?? '';
    const header = a.page.locator(`[id="${headerId}"]`);
    const title = (await header.textContent()) ?? '';
    expect(title).not.toBe('');
    expect(sidebarTitle.startsWith(title.replace(/…$/, ''))).toBe(true);
    expect(await tab.getAttribute('aria-labelledby')).toBe(headerId);
    await tab.getByRole('button', { name: `Close ${title}` }).waitFor();

    // Sent from the tab: seen in the tab, and live in the other member's tab.
    const token = `tab-${Date.now().toString(36)}`;
    await a.page.keyboard.type(`hello ${token}`);
    await a.page.keyboard.press('Enter');
    await message(tab, token).waitFor();
    await message(bTab, token).waitFor();
    await checkAccessibility(a.page, 'the host page with a chat tab open');

    // Escape in the composer minimizes the tab to its header, which takes the focus.
    await tab.getByRole('textbox', { name: 'Message' }).focus();
    await a.page.keyboard.press('Escape');
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('false');
    expect(await tab.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(await a.page.evaluate(() => document.activeElement?.id)).toBe(headerId);

    // A reply while minimized shows as the unread badge on the header.
    const reply = `reply-${Date.now().toString(36)}`;
    await sendFrom(b.page, bTab, `back at you ${reply}`);
    await message(bTab, reply).waitFor();
    const badge = header.locator('.unread-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('1');
    expect(await tab.getByText('1 unread message').count()).toBe(1);
    // The badge describes the button; the name stays the title.
    await dock(a.page).getByRole('button', { name: title, exact: true }).waitFor();
    await checkAccessibility(a.page, 'the host page with a minimized chat tab');

    // The friend's tab opens beside it (by mouse), and a message goes through it.
    const friendRow = a.page
      .getByRole('grid', { name: 'Friends' })
      .locator(`[data-key="${friend.id}"]`);
    await friendRow.click();
    // Oldest first: the group's tab, then the friend's (titled by a nickname, if any).
    const friendTab = dock(a.page).getByRole('group').nth(1);
    await friendTab.getByRole('textbox', { name: 'Message' }).waitFor();
    await expect.poll(() => composerHasFocus(a.page)).toBe(true);
    const toFriend = `friend-${Date.now().toString(36)}`;
    await sendFrom(a.page, friendTab, `hi ${toFriend}`);
    await message(friendTab, toFriend).waitFor();

    // A friend with no conversation yet (Enter on their row): the first message creates it,
    // and the tab goes on with that thread, the focus still in its composer.
    const newFriendRow = a.page
      .getByRole('grid', { name: 'Friends' })
      .locator(`[data-key="${newFriend.id}"]`);
    await newFriendRow.focus();
    await a.page.keyboard.press('Enter');
    const newTab = dock(a.page).getByRole('group', { name: newFriend.name, exact: true });
    await newTab.getByText('No messages yet.').waitFor();
    await expect.poll(() => composerHasFocus(a.page)).toBe(true);
    const first = `first-${Date.now().toString(36)}`;
    await a.page.keyboard.type(`nice to meet you ${first}`);
    await a.page.keyboard.press('Enter');
    await message(newTab, first).waitFor();
    await expect.poll(() => composerHasFocus(a.page)).toBe(true);
    expect(await dock(a.page).getByRole('group').count()).toBe(3);

    // A reload keeps the tabs, each as it was (the group minimized, with its badge).
    await a.page.reload();
    await a.page.getByRole('main', { name: 'News Feed' }).waitFor();
    const restoredGroup = dock(a.page).getByRole('group', { name: title, exact: true });
    const restoredHeader = restoredGroup.getByRole('button', { name: title, exact: true });
    await restoredHeader.waitFor();
    expect(await restoredHeader.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => restoredHeader.locator('.unread-badge').textContent()).toBe('1');
    const restoredFriend = dock(a.page).getByRole('group').nth(1);
    await message(restoredFriend, toFriend).waitFor();
    const restoredNew = dock(a.page).getByRole('group', { name: newFriend.name, exact: true });
    await message(restoredNew, first).waitFor();

    // Enter on the header restores the tab: the reply is there, read, the focus in the composer.
    await restoredHeader.focus();
    await a.page.keyboard.press('Enter');
    await message(restoredGroup, reply).waitFor();
    await expect.poll(() => composerHasFocus(a.page)).toBe(true);
    expect(
      await restoredGroup
        .locator('.composer textarea')
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await expect.poll(() => restoredHeader.locator('.unread-badge').count()).toBe(0);

    // Close removes the tab for good, also across a reload.
    const friendTitle =
      (await restoredFriend.getByRole('button', { expanded: true }).textContent()) ?? '';
    await restoredFriend.getByRole('button', { name: `Close ${friendTitle}` }).click();
    await expect.poll(() => dock(a.page).getByRole('group').count()).toBe(2);
    await a.page.reload();
    await dock(a.page).getByRole('group', { name: title, exact: true }).waitFor();
    await dock(a.page).getByRole('group', { name: newFriend.name, exact: true }).waitFor();
    expect(await dock(a.page).getByRole('group').count()).toBe(2);
    await checkAccessibility(a.page, 'the host page after a reload with a chat tab');

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
