import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { groupMemberWithFriends } from '../support/network';
import { checkNothingCovered } from '../support/occlusion';

const e2e = useE2E();
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 640 };
const LAPTOP = { width: 1280, height: 800 };
/** WCAG 2.5.5's and the platforms' smallest comfortable touch target. */
const TOUCH_TARGET = 44;
const SCREENS_DIR = process.env.E2E_SCREENS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENS_DIR === undefined) return;
  // A resize's layout settles over a few frames (the virtualized history measures again).
  await page.waitForTimeout(300);
  const size = page.viewportSize();
  await page.screenshot({ path: `${SCREENS_DIR}/phone-${name}-${String(size?.width)}.png` });
}

/** Nothing scrolls sideways: the page is no wider than the window. */
const overflowsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * Every visible control on screen smaller than a touch target in either
 * direction (links inside message text are words in a sentence, exempt).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], input:not([type="hidden"]), textarea, [role="menuitem"]',
    );
    for (const element of Array.from(controls)) {
      if (element.closest('.message-text, .skip-link, .visually-hidden') !== null) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (box.height < min - 0.5 || box.width < min - 0.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent.trim();
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 30)}" ${String(Math.round(box.width))}x${String(Math.round(box.height))}`,
        );
      }
    }
    return small;
  }, TOUCH_TARGET);
}

/** How many of the history's messages are inside its visible part. */
function visibleMessages(history: Locator): Promise<number> {
  return history.evaluate((log) => {
    const view = (log.closest('.history-scroller') ?? log).getBoundingClientRect();
    return Array.from(log.querySelectorAll('[role="listitem"]')).filter((item) => {
      const box = item.getBoundingClientRect();
      return box.height > 0 && box.bottom > view.top && box.top < view.bottom;
    }).length;
  });
}

async function isShown(locator: Locator): Promise<boolean> {
  return (await locator.count()) > 0 && locator.first().isVisible();
}

describe('phones and narrow windows (issue 34)', () => {
  it('shows the list and a conversation as two screens with a way back, at touch size', async () => {
    const { viewer, group } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage(undefined, { viewport: PHONE });
    await loginAs(page, viewer);
    await page.goto('/messages');
    const list = page.getByRole('grid', { name: 'Conversations' });
    const row = list.locator(`[data-key="${group.id}"]`);
    await row.waitFor();

    // The list is the whole screen: no empty conversation pane under it.
    expect(await isShown(page.getByText('Select a conversation to start messaging.'))).toBe(false);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await smallTargets(page)).toEqual([]);
    await checkNothingCovered(page, 'the conversation list on a phone');
    await checkAccessibility(page, 'the conversation list on a phone');
    await shot(page, 'list');

    // Opening a conversation replaces the list; the composer is on the same screen.
    await row.click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    expect(await list.isVisible()).toBe(false);
    const back = page.getByRole('link', { name: 'Back to Chats' });
    expect(await back.isVisible()).toBe(true);
    const composerBox = await composer.boundingBox();
    expect(composerBox).not.toBeNull();
    expect((composerBox?.y ?? 0) + (composerBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await smallTargets(page)).toEqual([]);
    await checkNothingCovered(page, 'a conversation on a phone');
    await checkAccessibility(page, 'a conversation on a phone');
    await shot(page, 'conversation');

    // The smallest common phone: still nothing sideways, nothing covered.
    await page.setViewportSize(SMALL_PHONE);
    expect(await overflowsSideways(page)).toBe(false);
    await checkNothingCovered(page, 'a conversation on a small phone');
    await shot(page, 'conversation');

    // Back: the list again, at the folder it came from.
    await page.setViewportSize(PHONE);
    await back.click();
    await list.waitFor();
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(await composer.count()).toBe(0);

    // On a laptop the two are side by side and the way back is not needed.
    await row.click();
    await composer.waitFor();
    await page.setViewportSize(LAPTOP);
    expect(await list.isVisible()).toBe(true);
    expect(await back.isVisible()).toBe(false);
    // The history, laid out again for the wider window, still shows its newest messages.
    const history = page.getByRole('log', { name: 'Messages' });
    await expect.poll(() => visibleMessages(history)).toBeGreaterThan(0);
    await shot(page, 'conversation');
    expect(pageErrors).toEqual([]);
  });

  it('makes an open chat tab a full-screen conversation, its faces clear of the words', async () => {
    const { viewer, group } = groupMemberWithFriends(e2e.network);
    const { page, pageErrors } = await e2e.newPage(undefined, { viewport: SMALL_PHONE });
    await loginAs(page, viewer);
    const groups = page.getByRole('grid', { name: 'Groups' });
    await groups.locator(`[data-key="${group.id}"]`).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await smallTargets(page)).toEqual([]);
    await checkNothingCovered(page, 'the host page on a small phone');
    await shot(page, 'host');

    await groups.locator(`[data-key="${group.id}"]`).click();
    const tab = page.getByRole('region', { name: 'Open chats' }).getByRole('group');
    const composer = tab.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    // The tab is the screen under the header, whose places stay in reach.
    const header = await page.getByRole('banner').boundingBox();
    const headerHeight = header?.height ?? 0;
    expect(headerHeight).toBeGreaterThan(0);
    const box = await tab.boundingBox();
    expect(box).toEqual({
      x: 0,
      y: headerHeight,
      width: SMALL_PHONE.width,
      height: SMALL_PHONE.height - headerHeight,
    });
    expect(await overflowsSideways(page)).toBe(false);
    expect(await smallTargets(page)).toEqual([]);
    await checkNothingCovered(page, 'a chat tab on a small phone');
    await checkAccessibility(page, 'a chat tab on a small phone');
    await shot(page, 'chat-tab');

    // Others' faces sit in the gutter beside their bubbles, never over their words.
    for (const size of [SMALL_PHONE, LAPTOP]) {
      await page.setViewportSize(size);
      const overlaps = await tab.evaluate(
        (element) =>
          Array.from(element.querySelectorAll('.message')).filter((message) => {
            const face = message.querySelector('.message-face');
            const text = message.querySelector('.message-text');
            if (face === null || text === null) return false;
            const a = face.getBoundingClientRect();
            const b = text.getBoundingClientRect();
            return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          }).length,
      );
      const faces = await tab.locator('.message-face').count();
      expect(faces).toBeGreaterThan(0);
      expect(overlaps).toBe(0);
      await shot(page, 'chat-tab');
    }

    // Closing the tab gives the page back.
    await page.setViewportSize(SMALL_PHONE);
    await tab.getByRole('button', { name: /close/i }).click();
    await expect.poll(() => tab.count()).toBe(0);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
