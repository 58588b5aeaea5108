import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePngs, expectMatchesBaseline, MAX_CHANGED_SHARE } from '../support/baselines';
import { useE2E } from '../support/fixtures';
import { loginAs, loginForm, loginInArabic } from '../support/login';
import { groupMemberWithFriends, type Network } from '../support/network';
import { networkFilePath } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

/*
 * Issue 34: the main screens compared pixel by pixel with committed baselines
 * (e2e/baselines), so a change to how they look is made on purpose. A server
 * of its own (no other test's messages), the browser's clock fixed after the
 * network's last message, UTC, and no presence but the viewer's keep every
 * pixel the same from run to run.
 */
const e2e = useE2E();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ networkFile: networkFilePath() });
});
afterAll(async () => {
  await server.stop();
});

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Two hours after the network's newest message: its day is "today", whatever the file. */
function fixedNow(network: Network): Date {
  const newest = Math.max(
    ...network.threads.flatMap((thread) => thread.messages.map((m) => Date.parse(m.at))),
  );
  return new Date(newest + 2 * 60 * 60 * 1000);
}

async function openFixed(
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
  locale = 'en-US',
): Promise<Page> {
  const { page } = await e2e.newPage(server.url, {
    viewport,
    colorScheme,
    locale,
    timezoneId: 'UTC',
  });
  await page.clock.setFixedTime(fixedNow(e2e.network));
  return page;
}

/** Fonts loaded, nothing connecting, and two frames for the last layout. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => {
      requestAnimationFrame(() => {
        requestAnimationFrame(() => {
          resolve();
        });
      });
    });
  });
  // The mouse away from every row and button: no hover state in the picture.
  await page.mouse.move(0, 0);
}

async function openConversation(page: Page, threadId: string): Promise<void> {
  await page.goto(`/messages/thread/${threadId}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.getByRole('log', { name: 'Messages' }).getByRole('listitem').first().waitFor();
  await settled(page);
}

describe('the main screens look as their baselines (issue 34)', () => {
  it('the login page, at a laptop and a phone size', async () => {
    for (const [size, name] of [
      [LAPTOP, 'login-1280'],
      [PHONE, 'login-390'],
    ] as const) {
      const page = await openFixed(size);
      await page.goto('/login');
      await loginForm(page).username.waitFor();
      await settled(page);
      await expectMatchesBaseline(page, name);
    }
  });

  it('the host page with the chat sidebar, the inbox and a group conversation', async () => {
    const { viewer, group } = groupMemberWithFriends(e2e.network);
    const page = await openFixed(LAPTOP);
    await loginAs(page, viewer);
    await page.getByRole('grid', { name: 'Groups' }).locator(`[data-key="${group.id}"]`).waitFor();
    await settled(page);
    await expectMatchesBaseline(page, 'host-1280');

    await page.goto('/messages');
    await page
      .getByRole('grid', { name: 'Conversations' })
      .locator(`[data-key="${group.id}"]`)
      .waitFor();
    await settled(page);
    await expectMatchesBaseline(page, 'inbox-1280');

    await openConversation(page, group.id);
    await expectMatchesBaseline(page, 'conversation-1280');
    await page.setViewportSize(PHONE);
    await settled(page);
    await expectMatchesBaseline(page, 'conversation-390');
  });

  it('a group conversation in the dark theme', async () => {
    const { viewer, group } = groupMemberWithFriends(e2e.network);
    const page = await openFixed(LAPTOP, 'dark');
    await loginAs(page, viewer);
    await openConversation(page, group.id);
    await expectMatchesBaseline(page, 'conversation-dark-1280');
  });

  it('a group conversation in Arabic, right to left, at a laptop and a phone size', async () => {
    const { viewer, group } = groupMemberWithFriends(e2e.network);
    const page = await openFixed(LAPTOP, 'light', 'ar-EG');
    await loginInArabic(page, viewer);
    await page.goto(`/messages/thread/${group.id}`);
    // The composer's field is named in Arabic here: wait for the history's rows instead.
    await page.locator('.history-scroller [role="listitem"]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settled(page);
    await expectMatchesBaseline(page, 'conversation-ar-1280');
    await page.setViewportSize(PHONE);
    await settled(page);
    await expectMatchesBaseline(page, 'conversation-ar-390');
  });

  it('the comparison itself sees a changed button', async () => {
    const page = await openFixed(LAPTOP);
    await page.goto('/login');
    await loginForm(page).username.waitFor();
    await settled(page);
    const before = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    await page.addStyleTag({
      content: 'button[type="submit"] { background: rgb(200 0 0) !important; }',
    });
    await settled(page);
    const after = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    const same = comparePngs(before, before);
    const changed = comparePngs(before, after);
    expect(same.changedPixels).toBe(0);
    expect(changed.changedPixels / changed.totalPixels).toBeGreaterThan(MAX_CHANGED_SHARE);
  });
});
