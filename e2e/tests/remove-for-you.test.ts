import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

describe('remove for you', () => {
  it("leaves the remover's history on both of their devices, live, and nobody else's", async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    const bOther = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await loginAs(bOther.page, second);
    for (const page of [a.page, b.page, bOther.page]) {
      await page.goto(`/messages/thread/${thread.id}`);
      await settled(page);
    }
    const token = `hide-${Date.now().toString(36)}`;
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    await composer.fill(`${token} for everyone`);
    await composer.press('Enter');
    const rowIn = (page: Page) =>
      page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: token });
    for (const page of [a.page, b.page, bOther.page]) await rowIn(page).waitFor();

    // B removes it for themselves.
    const row = rowIn(b.page);
    await row.hover();
    await row.getByRole('button', { name: /^Actions for message from / }).click();
    await b.page.getByRole('menuitem', { name: 'Remove for you' }).click();
    await expect.poll(() => rowIn(b.page).count()).toBe(0);
    // B's other open device loses it live; A keeps it.
    await expect.poll(() => rowIn(bOther.page).count()).toBe(0);
    await a.page.waitForTimeout(500);
    expect(await rowIn(a.page).count()).toBe(1);
    // After a reload B still does not see it.
    await b.page.reload();
    await b.page.getByRole('log', { name: 'Messages' }).getByRole('listitem').first().waitFor();
    expect(await rowIn(b.page).count()).toBe(0);

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
    expect(bOther.pageErrors).toEqual([]);
  });
});
