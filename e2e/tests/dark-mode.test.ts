import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs, loginForm } from '../support/login';
import { groupMemberWithFriends } from '../support/network';

const e2e = useE2E();

/** ui/tokens.css's page colour in each theme, as getComputedStyle writes it. */
const LIGHT_PAGE = 'rgb(240, 242, 245)';
const DARK_PAGE = 'rgb(24, 25, 26)';
const DARK_SURFACE = 'rgb(36, 37, 38)';

const pageBackground = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const dataTheme = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const background = (locator: Locator): Promise<string> =>
  locator.evaluate((element: Element) => getComputedStyle(element).backgroundColor);

/** The same screen at the laptop and the phone size, into /work/screens. */
async function screens(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/work/screens/w34d-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  // The header (with the appearance button) still fits a phone: nothing scrolls sideways.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: `/work/screens/w34d-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function chooseAppearance(page: Page, name: 'System' | 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Appearance' }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect.poll(() => page.getByRole('menu', { name: 'Appearance' }).count()).toBe(0);
}

describe('the dark theme', () => {
  it('follows a dark system on every main screen, with AA contrast (axe)', async () => {
    const { viewer, group, friend } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });

    // The login page, before anyone chose anything.
    await page.goto('/login');
    await loginForm(page).username.waitFor();
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await checkAccessibility(page, 'the login page, dark');
    await page.screenshot({ path: '/work/screens/w34d-login-1280.png' });
    await loginAs(page, viewer);

    // The host page with its sidebar: dark without any choice made.
    const sidebar = page.getByRole('complementary', { name: 'Contacts' });
    const groups = page.getByRole('grid', { name: 'Groups' });
    await groups.locator(`[data-key="${group.id}"]`).waitFor();
    expect(await dataTheme(page)).toBeNull();
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    expect(await background(sidebar)).toBe(DARK_SURFACE);
    await checkAccessibility(page, 'the host page, dark');
    await screens(page, 'host');

    // A chat tab open on the host page.
    await groups.locator(`[data-key="${group.id}"]`).click();
    const tab = page.getByRole('region', { name: 'Open chats' }).getByRole('group');
    await tab.getByRole('log', { name: 'Messages' }).getByRole('listitem').first().waitFor();
    await checkAccessibility(page, 'the host page with a chat tab, dark');
    await screens(page, 'chat-tab');
    await tab.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Escape');

    // The search typeahead open over the sidebar.
    const box = sidebar
      .getByRole('search', { name: 'Search Messenger' })
      .getByRole('combobox', { name: 'Search Messenger' });
    await box.scrollIntoViewIfNeeded();
    await box.pressSequentially(friend.name.slice(0, 3), { delay: 30 });
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Searching...' }).count())
      .toBe(0);
    // Before axe: its occlusion check scrolls the sidebar, and the popup with it.
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/work/screens/w34d-typeahead-1280.png' });
    // The open popup hides the rest of the page (React Aria's ariaHideOutside) with the focus
    // in its input: typeahead.test.ts says why that rule is left out while it is open.
    await checkAccessibility(page, 'the typeahead open, dark', {
      skipRules: ['aria-hidden-focus'],
    });
    await page.keyboard.press('Escape');

    // The full-page messenger with the group's conversation open.
    await page.goto(`/messages/thread/${group.id}`);
    const conversation = page.getByRole('main', { name: 'Conversation' });
    await conversation.getByRole('log').getByRole('listitem').first().waitFor();
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await checkAccessibility(page, 'the messenger with a conversation, dark');
    await screens(page, 'messages');

    // The appearance menu itself, open.
    await page.getByRole('banner').getByRole('button', { name: 'Appearance' }).click();
    await page.getByRole('menuitemradio', { name: 'System', checked: true }).waitFor();
    await checkAccessibility(page, 'the appearance menu, dark');
    await page.screenshot({ path: '/work/screens/w34d-appearance-menu-1280.png' });
    expect(pageErrors).toEqual([]);
  });

  it('switches live from the header, is kept across a reload, and is back to the system on System', async () => {
    const { viewer } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    // What the document says when its first content is parsed: the theme must be on by then.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { themeAtLoad: string | null }).themeAtLoad =
          document.documentElement.getAttribute('data-theme');
      });
    });
    await loginAs(page, viewer);
    const sidebar = page.getByRole('complementary', { name: 'Contacts' });
    await sidebar.waitFor();
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);

    // Dark, chosen on the open page: applied at once.
    await chooseAppearance(page, 'Dark');
    expect(await dataTheme(page)).toBe('dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    expect(await background(sidebar)).toBe(DARK_SURFACE);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
      'dark',
    );

    // Kept across a reload, and on before the page's content was parsed (no light flash).
    await page.reload();
    await sidebar.waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { themeAtLoad: unknown }).themeAtLoad),
    ).toBe('dark');
    expect(await pageBackground(page)).toBe(DARK_PAGE);
    await page.getByRole('banner').getByRole('button', { name: 'Appearance' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark', checked: true }).waitFor();
    await page.keyboard.press('Escape');

    // System: the attribute goes, and the system's preference rules, live both ways.
    await chooseAppearance(page, 'System');
    expect(await dataTheme(page)).toBeNull();
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);

    // Light wins over a dark system; chosen by keyboard alone, the focus back on the button.
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Appearance' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain('System');
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu', { name: 'Appearance' }).count()).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.classList.contains('appearance-button')),
      )
      .toBe(true);
    expect(await dataTheme(page)).toBe('light');
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);
    await page.reload();
    await sidebar.waitFor();
    expect(await pageBackground(page)).toBe(LIGHT_PAGE);
    expect(pageErrors).toEqual([]);
  });
});
