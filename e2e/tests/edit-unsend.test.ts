import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';
import { networkFilePath } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

const e2e = useE2E();
/** A short edit window of this test's own server, so a refusal needs no long wait. */
const EDIT_WINDOW_MS = 12_000;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    networkFile: networkFilePath(),
    env: { MESSAGE_EDIT_WINDOW_MS: String(EDIT_WINDOW_MS) },
  });
});
afterAll(async () => {
  await server.stop();
});

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

async function openAction(page: Page, row: Locator, action: string): Promise<void> {
  await row.hover();
  await row.getByRole('button', { name: /^Actions for message from / }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('edit and unsend, live between two browsers', () => {
  it('edits inside the window, is refused after it, and unsends with a tombstone on both sides', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const a = await e2e.newPage(server.url);
    const b = await e2e.newPage(server.url);
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await a.page.goto(`/messages/thread/${thread.id}`);
    await b.page.goto(`/messages/thread/${thread.id}`);
    await settled(a.page);
    await settled(b.page);
    const aLog = a.page.getByRole('log', { name: 'Messages' });
    const bLog = b.page.getByRole('log', { name: 'Messages' });

    const token = `edit-${Date.now().toString(36)}`;
    const sentAt = Date.now();
    await send(a.page, `${token} teh typo`);
    const aRow = aLog.getByRole('listitem').filter({ hasText: token });
    const bRow = bLog.getByRole('listitem').filter({ hasText: token });
    await aRow.waitFor();
    await bRow.waitFor();

    // A edits; B, settled, sees the new text and "Edited".
    await openAction(a.page, aRow, 'Edit');
    const dialog = a.page.getByRole('dialog', { name: 'Edit message' });
    await dialog.getByRole('textbox').fill(`${token} the fix`);
    await checkAccessibility(a.page, 'the edit dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => bRow.locator('.message-text').textContent()).toBe(`${token} the fix`);
    await bRow.getByText('Edited', { exact: true }).waitFor();
    // Someone else's message offers neither Edit nor Unsend.
    await bRow.hover();
    await bRow.getByRole('button', { name: /^Actions for message from / }).click();
    await b.page.getByRole('menu').waitFor();
    expect(await b.page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    expect(await b.page.getByRole('menuitem', { name: 'Unsend' }).count()).toBe(0);
    await b.page.keyboard.press('Escape');

    // After the window the server refuses, and says why. The window runs from the server's
    // time of the message (its <time> on B's side), not from when A pressed Enter: the send
    // may reach the server later than that when the machine is busy.
    const storedAt = Date.parse(
      (await bRow.locator('time.message-time').first().getAttribute('datetime')) ?? '',
    );
    expect(storedAt).toBeGreaterThanOrEqual(sentAt - 1_000);
    const waitMs = storedAt + EDIT_WINDOW_MS + 500 - Date.now();
    if (waitMs > 0) await a.page.waitForTimeout(waitMs);
    await openAction(a.page, aRow, 'Edit');
    const late = a.page.getByRole('dialog', { name: 'Edit message' });
    await late.getByRole('textbox').fill(`${token} too late`);
    await late.getByRole('button', { name: 'Save' }).click();
    await late.getByRole('alert').filter({ hasText: 'This message is too old to edit.' }).waitFor();
    await late.getByRole('button', { name: 'Cancel' }).click();
    expect(await bRow.locator('.message-text').textContent()).toBe(`${token} the fix`);

    // A unsends it: both sides see the tombstone, the text is gone everywhere.
    await openAction(a.page, aRow.filter({ hasText: 'the fix' }), 'Unsend');
    const confirm = a.page.getByRole('alertdialog', { name: 'Unsend for everyone?' });
    await confirm.getByRole('button', { name: 'Unsend' }).click();
    await aLog.getByText('You unsent a message').last().waitFor();
    await bLog.getByText(`${first.name} unsent a message`).last().waitFor();
    expect(await bLog.getByText(`${token} the fix`).count()).toBe(0);
    expect(await aLog.getByText(`${token} the fix`).count()).toBe(0);
    // B's thread list says so too.
    await b.page
      .getByRole('grid', { name: 'Conversations' })
      .getByRole('row')
      .filter({ hasText: `${first.short_name} unsent a message` })
      .waitFor();

    await checkAccessibility(b.page, 'a thread with a tombstone');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
