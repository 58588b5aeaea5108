import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

/** Waits until the page's sync socket is live (no "Connecting…" status left). */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

async function send(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
}

describe('times: on messages, between days, and in the thread list', () => {
  it('shows a live message with its time, under "Today", grouped in a run, and "now" in the list', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const threadPath = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await a.page.goto(threadPath);
    await b.page.goto(threadPath);
    const history = b.page.getByRole('log', { name: 'Messages' });
    await history.waitFor();
    await settled(a.page);
    await settled(b.page);

    // A sends two messages in a row; B, settled in the thread, watches them arrive.
    const token = `time-${Date.now().toString(36)}`;
    const sentFrom = Date.now();
    await send(a.page, `${token} one`);
    await send(a.page, `${token} two`);
    const firstRow = history.getByRole('listitem').filter({ hasText: `${token} one` });
    const secondRow = history.getByRole('listitem').filter({ hasText: `${token} two` });
    await secondRow.waitFor();

    // Each carries its time, machine-readable, from the server's clock of this minute.
    const stamp = Date.parse(
      (await secondRow.locator('time').last().getAttribute('datetime')) ?? '',
    );
    expect(Math.abs(stamp - sentFrom)).toBeLessThan(60_000);

    // One run: its first message shows the sender and the time, the next neither until hovered.
    // (The first may continue a run of A's from a moment ago, when other tests wrote here.)
    const firstMessage = firstRow.locator('.message');
    const secondMessage = secondRow.locator('.message');
    expect(await secondMessage.getAttribute('data-run-start')).toBeNull();
    const opacity = (row: typeof secondRow) =>
      row.locator('.message-time').evaluate((el) => getComputedStyle(el).opacity);
    const firstStarts = (await firstMessage.getAttribute('data-run-start')) === 'true';
    expect(await opacity(firstRow)).toBe(firstStarts ? '1' : '0');
    // The start of the run these two belong to (the first row, or the nearest row above it
    // that starts a run: other tests write here too) shows its time.
    const runStartOpacity = await firstRow.evaluate((row) => {
      for (let item: Element | null = row; item !== null; item = item.previousElementSibling) {
        if (item.querySelector('.message[data-run-start]') === null) continue;
        const time = item.querySelector('.message-time');
        return time === null ? 'no time' : getComputedStyle(time).opacity;
      }
      return 'rendered above the list';
    });
    expect(['1', 'rendered above the list']).toContain(runStartOpacity);
    expect(await opacity(secondRow)).toBe('0');
    await secondMessage.hover();
    await expect.poll(() => opacity(secondRow)).toBe('1');
    // Keyboard too: focusing the message shows its time; its full date is in its name.
    await b.page.mouse.move(0, 0);
    await secondMessage.focus();
    await expect.poll(() => opacity(secondRow)).toBe('1');
    expect(await secondRow.locator('time.message-time').getAttribute('title')).toMatch(
      new RegExp(String(new Date(stamp).getUTCFullYear())),
    );

    // The thread list's row of this thread says how long ago: "now".
    const list = b.page.getByRole('grid', { name: 'Conversations' });
    const row = list.getByRole('row').filter({ hasText: token });
    await row.locator('time', { hasText: 'now' }).waitFor();

    // The day is labelled: "Today" above today's first message (this one or an earlier one).
    // Other test files write in this thread too (it is the network's first one-to-one), so
    // today's first message may be far above the rows Virtuoso has mounted: scroll up to it.
    // It still fails when no row says "Today": the scroll ends at the thread's first message.
    const today = history.getByText('Today', { exact: true });
    await expect
      .poll(
        async () => {
          if ((await today.count()) > 0) return true;
          await history.evaluate((el) => {
            el.scrollTop = Math.max(0, el.scrollTop - el.clientHeight);
          });
          return false;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await today.first().waitFor();

    await checkAccessibility(b.page, 'the thread view with times');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
