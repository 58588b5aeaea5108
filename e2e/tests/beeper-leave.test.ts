import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { titleCount } from '../support/page-state';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

/** Resolves once the page's sync socket has caught up (`ready`): later deltas arrive live. */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"ready"')) {
          resolve();
        }
      });
    });
  });
}

function operation(page: Page, name: string) {
  return page.waitForResponse(
    (response) => response.request().postData()?.includes(name) ?? false,
    { timeout: 10_000 },
  );
}

describe('beeper notifications', () => {
  it('shows a toast on the host page when someone writes, counts it in the title and opens the thread', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);

    // B reads the thread first, so the new message makes it unread again.
    const markedRead = operation(b.page, 'ConversationBodyMarkReadMutation').catch(() => null);
    await b.page.goto(threadPath);
    await b.page.getByRole('textbox', { name: 'Message' }).waitFor();
    await markedRead;

    // B sits on the host page, its socket live and the title's count loaded.
    const ready = socketReady(b.page);
    const counted = operation(b.page, 'HostUnreadCountQuery');
    await b.page.goto('/');
    await b.page.getByRole('main', { name: 'News Feed' }).waitFor();
    await counted;
    await ready;
    const beeper = b.page.getByRole('status', { name: 'Notifications' });
    await beeper.waitFor({ state: 'attached' });
    const before = await titleCount(b.page);
    expect(await b.page.title()).toMatch(/Home$/);

    // A writes.
    await a.page.goto(threadPath);
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    const token = `beep-${Date.now().toString(36)}`;
    await composer.fill(`ping ${token}`);
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');

    // B gets a toast with A's name and the text, and the title counts the thread.
    const toast = beeper.getByRole('link').filter({ hasText: token });
    await toast.waitFor();
    // Hovering keeps it (core's READY_TO_HIDE) for as long as the checks take.
    await toast.hover();
    expect(await toast.textContent()).toContain(first.name);
    expect(await toast.getAttribute('href')).toBe(threadPath);
    await expect.poll(() => titleCount(b.page)).toBe(before + 1);
    await checkAccessibility(b.page, 'the host page with a beeper toast');

    // Clicking the toast opens the thread in place (no page load) and removes the toast.
    await toast.click();
    await b.page.waitForURL((url) => url.pathname === threadPath);
    await b.page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: token })
      .waitFor();
    await expect.poll(() => toast.count()).toBe(0);

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('lets a toast be dismissed by keyboard', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    const ready = socketReady(b.page);
    await b.page.goto('/messages');
    await ready;

    await a.page.goto(`/messages/thread/${thread.id}`);
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    const token = `dismiss-${Date.now().toString(36)}`;
    await composer.fill(token);
    await composer.press('Enter');

    const beeper = b.page.getByRole('status', { name: 'Notifications' });
    const toast = beeper.getByRole('link').filter({ hasText: token });
    await toast.waitFor();
    await toast.focus();
    await b.page.keyboard.press('Escape');
    await expect.poll(() => toast.count()).toBe(0);
    expect(b.pageErrors).toEqual([]);
  });
});

describe('leave-page dialog', () => {
  it('asks before an unsent draft is left behind, by link or by the back/forward buttons', async () => {
    const { thread, first } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, first);
    await page.goto(threadPath);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });

    // Without a draft nothing asks: to the thread list and back again.
    await nav.getByRole('link', { name: 'Messenger' }).click();
    await page.waitForURL((url) => url.pathname === '/messages');
    await page.evaluate(() => {
      window.history.back();
    });
    await page.waitForURL((url) => url.pathname === threadPath);
    await composer.waitFor();

    const draft = `draft ${Date.now().toString(36)}`;
    await composer.fill(draft);
    const dialog = page.getByRole('dialog', { name: 'Leave Page?' });
    const stay = dialog.getByRole('button', { name: 'Stay on This Page' });
    const leave = dialog.getByRole('button', { name: 'Leave This Page' });

    // The forward button: the dialog asks, and staying puts the URL back.
    await page.evaluate(() => {
      window.history.forward();
    });
    await dialog.waitFor();
    await stay.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe(threadPath);
    expect(await composer.inputValue()).toBe(draft);

    // A link: the dialog with both buttons, 450 px wide.
    await nav.getByRole('link', { name: 'Home' }).click();
    await dialog.waitFor();
    expect(await leave.isVisible()).toBe(true);
    expect(await stay.isVisible()).toBe(true);
    const width = await page.evaluate(
      () => document.querySelector('.leave-page-modal')?.getBoundingClientRect().width,
    );
    expect(width).toBe(450);
    await checkAccessibility(page, 'the leave-page dialog');
    await stay.click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(threadPath);
    expect(await composer.inputValue()).toBe(draft);

    // Again, and this time leave.
    await nav.getByRole('link', { name: 'Home' }).click();
    await dialog.waitFor();
    await leave.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('main', { name: 'News Feed' }).waitFor();
    expect(await dialog.count()).toBe(0);

    expect(pageErrors).toEqual([]);
  });
});
