import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

/** A presence change must reach an open page within a second; this bounds a busy 2-core machine. */
const LIVE_WITHIN_MS = 3_000;
/** The server's default wait before a person whose last socket closed is OFFLINE (a reload does not flicker). */
const OFFLINE_GRACE_MS = 15_000;

interface FriendNetwork extends Network {
  friendships?: [string, string][];
}

/** Two friends who can both log in, chosen by properties of the network file. */
function twoFriends(network: FriendNetwork): { viewer: NetworkPerson; friend: NetworkPerson } {
  const people = new Map(network.people.map((p) => [p.id, p]));
  for (const [a, b] of network.friendships ?? []) {
    const viewer = people.get(a);
    const friend = people.get(b);
    if (viewer !== undefined && friend !== undefined && canLogIn(viewer) && canLogIn(friend))
      return { viewer, friend };
  }
  throw new Error('The network file has no two friends who can both log in.');
}

/** Waits until the page's sync socket is live (no "Connecting…" status shown). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

/** What the browser does when the tab goes to the background or comes back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { value: next, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

async function isActive(row: Locator): Promise<boolean> {
  return (await row.locator('.presence-dot').count()) === 1;
}

/** Milliseconds until `row` shows (or stops showing) the friend as active. */
async function timeUntil(row: Locator, active: boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  await expect.poll(() => isActive(row), { timeout: timeoutMs, interval: 50 }).toBe(active);
  return Date.now() - started;
}

describe('presence on a page that is already open', () => {
  it('turns a friend active when they log in and offline when they log out, on every surface, live', async () => {
    const { viewer, friend } = twoFriends(e2e.network);

    const { page, context, pageErrors } = await e2e.newPage();
    await loginAs(page, viewer);
    const sidebar = page.getByRole('complementary', { name: 'Contacts' });
    const friendRow = sidebar
      .getByRole('grid', { name: 'Friends' })
      .getByRole('row')
      .filter({ hasText: friend.name });
    await friendRow.waitFor();
    await settled(page);
    // A test before this one may have left the friend online: wait for them to go first.
    await timeUntil(friendRow, false, 45_000);
    expect(await friendRow.getByText('Active now').count()).toBe(0);

    // Every surface that names the friend is open and settled before they log in:
    // (another tab) their conversation, a chat tab with them, and a typeahead row. The
    // other tab opens first: opening it takes the focus, which closes an open search popup.
    const thread = await context.newPage();
    await thread.goto(`/messages/t/${friend.id}`);
    await thread.locator('#conversation-title').waitFor();
    await settled(thread);
    await page.bringToFront();
    await friendRow.click();
    // The friend's tab: tabs another test opened for this viewer may be open too.
    const tabHeader = page
      .locator('.chat-tab-header')
      .filter({ has: page.getByRole('button', { name: friend.name, exact: true }) })
      .first();
    await tabHeader.waitFor();
    const search = sidebar.getByRole('search', { name: 'Search Messenger' }).getByRole('combobox');
    await search.fill(friend.name);
    // Its name stays the person's name: "Active now" only describes it.
    const option = page
      .getByRole('listbox')
      .getByRole('option', { name: friend.name, exact: true });
    await option.first().waitFor();
    const activeNow = thread.locator('.conversation-header').getByText('Active now');
    expect(await activeNow.count()).toBe(0);
    expect(await isActive(tabHeader)).toBe(false);
    expect(await isActive(option.first())).toBe(false);

    // The friend logs in elsewhere; the viewer's settled pages must see it happen.
    const other = await e2e.newPage();
    await loginAs(other.page, friend);
    await settled(other.page);
    const onlineAfter = await timeUntil(friendRow, true, LIVE_WITHIN_MS);
    expect(await friendRow.getByText('Active now').count()).toBe(1);
    await timeUntil(tabHeader, true, LIVE_WITHIN_MS);
    // Still open: the chat tab's composer, arriving late, left the search its focus.
    expect(await option.first().isVisible()).toBe(true);
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await timeUntil(option.first(), true, LIVE_WITHIN_MS);
    await expect.poll(() => activeNow.count(), { timeout: LIVE_WITHIN_MS }).toBe(1);
    // Words for screen readers: the row is described as "Active now", its name stays the name.
    expect(await option.first().getAttribute('aria-describedby')).toBeTruthy();
    expect(await tabHeader.getByRole('button', { name: friend.name }).count()).toBeGreaterThan(0);

    // The friend leaves the tab in the background: IDLE, no longer "Active now"; back: active again.
    await setVisibility(other.page, 'hidden');
    const idleAfter = await timeUntil(friendRow, false, LIVE_WITHIN_MS);
    await timeUntil(tabHeader, false, LIVE_WITHIN_MS);
    await setVisibility(other.page, 'visible');
    await timeUntil(friendRow, true, LIVE_WITHIN_MS);
    await timeUntil(tabHeader, true, LIVE_WITHIN_MS);

    // The friend logs out: every socket of that session closes, and they are offline at once.
    await other.page.getByRole('button', { name: 'Log Out' }).click();
    const offlineAfter = await timeUntil(friendRow, false, LIVE_WITHIN_MS);
    expect(await friendRow.getByText('Active now').count()).toBe(0);
    await timeUntil(tabHeader, false, LIVE_WITHIN_MS);
    await timeUntil(option.first(), false, LIVE_WITHIN_MS);
    await expect.poll(() => activeNow.count(), { timeout: LIVE_WITHIN_MS }).toBe(0);

    // Back again, then the tab closes without logging out. A closing tab turns hidden first
    // (IDLE at once); OFFLINE follows when the reload grace ends (server tests watch that
    // frame: the page shows IDLE and OFFLINE alike, as not active).
    const again = await e2e.newPage();
    await loginAs(again.page, friend);
    await timeUntil(friendRow, true, LIVE_WITHIN_MS);
    await again.close();
    const closedAfter = await timeUntil(friendRow, false, OFFLINE_GRACE_MS + LIVE_WITHIN_MS);
    await timeUntil(tabHeader, false, LIVE_WITHIN_MS);

    console.info(`presence: tab closed, not active after ${String(closedAfter)} ms`);
    console.info(
      `presence: online seen after ${String(onlineAfter)} ms, idle after ${String(idleAfter)} ms, offline after ${String(offlineAfter)} ms`,
    );
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
