import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { titleCount } from '../support/page-state';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

/** Presses Tab until a row of the thread list has the focus. */
async function tabToThreadList(page: Page): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    await page.keyboard.press('Tab');
    const role = await page.evaluate(() => document.activeElement?.getAttribute('role'));
    if (role === 'row') return;
  }
  throw new Error('Tab never reached a row of the thread list');
}

describe('conversations, live between two browsers', () => {
  it('sends a message that the other person sees live with badge and title count, then a read receipt', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);

    // B reads the thread first, so whatever the network left unread does not count.
    const markedRead = b.page
      .waitForResponse(
        (response) =>
          response.request().postData()?.includes('ConversationBodyMarkReadMutation') ?? false,
        { timeout: 5_000 },
      )
      .catch(() => null);
    await b.page.goto(threadPath);
    await b.page.getByRole('textbox', { name: 'Message' }).waitFor();
    await markedRead;
    await b.page.goto('/messages');
    const list = b.page.getByRole('grid', { name: 'Conversations' });
    await list.waitFor();
    await expect
      .poll(() => b.page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);
    const before = await titleCount(b.page);

    // A opens the thread at its permalink and sends by keyboard alone.
    await a.page.goto(threadPath);
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    const token = `live-${Date.now().toString(36)}`;
    const text = `hello ${token} :) see example.com/docs`;
    await composer.focus();
    await a.page.keyboard.type(text);
    await a.page.keyboard.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');

    const history = a.page.getByRole('log', { name: 'Messages' });
    const sent = history.getByRole('listitem').filter({ hasText: token });
    await sent.waitFor();
    // The mutation's answer and the socket's echo make one message, not two.
    await a.page.waitForTimeout(500);
    expect(await sent.count()).toBe(1);
    // Emoticons and links by the core rules, as elements, never HTML.
    expect(await sent.getByRole('img', { name: 'smile' }).textContent()).toBe('🙂');
    const link = sent.getByRole('link', { name: 'example.com/docs' });
    expect(await link.getAttribute('href')).toBe('https://example.com/docs');

    // B sees it arrive live: the row with the preview, its unread badge, the title count.
    const row = list.getByRole('row').filter({ hasText: token });
    await row.waitFor();
    await row.getByText('1 unread message').waitFor();
    await expect.poll(() => titleCount(b.page)).toBe(before + 1);
    // The newest activity comes first.
    expect(await list.getByRole('row').first().textContent()).toContain(token);
    await checkAccessibility(b.page, 'the thread list with an unread thread');

    // B opens it by keyboard: Tab into the list, the newest row first, Enter.
    await tabToThreadList(b.page);
    expect(await b.page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(token);
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL((url) => url.pathname === threadPath);
    await b.page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: token })
      .waitFor();
    await expect.poll(() => titleCount(b.page)).toBe(before);
    await expect.poll(() => row.getByText('1 unread message').count()).toBe(0);

    // A sees the read receipt.
    await sent.getByText('Seen', { exact: true }).waitFor();
    await checkAccessibility(a.page, 'the thread view');
    await checkAccessibility(b.page, 'the thread view of the reader');

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
