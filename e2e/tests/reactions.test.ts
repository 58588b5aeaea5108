import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { oneToOnePair } from '../support/network';

const e2e = useE2E();

async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

/** The reaction buttons under a message, as "emoji count: names". */
async function tallies(row: Locator): Promise<string[]> {
  return row
    .locator('.reaction-tally')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
}

describe('message actions and reactions, live between two browsers', () => {
  it('reacts by keyboard, changes, picks any emoji and removes, each seen live with the list preview', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await a.page.goto(`/messages/thread/${thread.id}`);
    await b.page.goto(`/messages/thread/${thread.id}`);
    await settled(a.page);
    await settled(b.page);

    // A writes; both pages hold the message, settled, before anyone reacts.
    const token = `react-${Date.now().toString(36)}`;
    const composer = a.page.getByRole('textbox', { name: 'Message' });
    await composer.fill(`${token} react to this`);
    await composer.press('Enter');
    const aRow = a.page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({
      hasText: token,
    });
    const bRow = b.page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({
      hasText: token,
    });
    await aRow.waitFor();
    await bRow.waitFor();
    const aList = a.page.getByRole('grid', { name: 'Conversations' });
    await aList.getByRole('row').filter({ hasText: token }).waitFor();

    // B, by keyboard alone: focus the message, Enter opens its menu (announced as a menu), React.
    await bRow.locator('.message').focus();
    await b.page.keyboard.press('Enter');
    const menu = b.page.getByRole('menu', { name: `Actions for message from ${first.name}` });
    await menu.waitFor();
    await checkAccessibility(b.page, 'the message actions menu');
    await b.page.keyboard.press('Enter'); // the first item: React
    const reactions = b.page.getByRole('dialog', { name: 'Reactions' });
    await reactions.waitFor();
    await reactions.getByRole('button', { name: 'React with ❤️' }).focus();
    await b.page.keyboard.press('Enter');

    // A sees it arrive: the tally names B, and the thread row previews it.
    const heart = `❤️ 1: ${second.name}`;
    await expect.poll(() => tallies(aRow)).toEqual([heart]);
    await aList
      .getByRole('row')
      .filter({ hasText: `${second.short_name} reacted ❤️ to your message` })
      .waitFor();
    await expect.poll(() => tallies(bRow)).toEqual([`❤️ 1: You`]);

    // B changes it: still one reaction of B's, now 😆.
    await bRow.hover();
    await bRow.getByRole('button', { name: `Actions for message from ${first.name}` }).click();
    await b.page.getByRole('menuitem', { name: 'React' }).click();
    await b.page
      .getByRole('dialog', { name: 'Reactions' })
      .getByRole('button', { name: 'React with 😆' })
      .click();
    await expect.poll(() => tallies(aRow)).toEqual([`😆 1: ${second.name}`]);

    // Any emoji: the picker loads on demand and takes a typed one.
    await bRow.hover();
    await bRow.getByRole('button', { name: `Actions for message from ${first.name}` }).click();
    await b.page.getByRole('menuitem', { name: 'React' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Reactions' });
    await dialog.getByRole('button', { name: 'More emoji' }).click();
    const any = dialog.getByRole('textbox', { name: 'Any emoji' });
    await any.fill('not one');
    await dialog.getByRole('button', { name: 'React', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Type or paste one emoji.' }).waitFor();
    await any.fill('🦄');
    await dialog.getByRole('button', { name: 'React', exact: true }).click();
    await expect.poll(() => tallies(aRow)).toEqual([`🦄 1: ${second.name}`]);

    // A joins with the same emoji from the tally: 2, both named.
    await aRow.getByRole('button', { name: `🦄 1: ${second.name}` }).click();
    await expect.poll(() => tallies(bRow)).toEqual([`🦄 2: You and ${first.name}`]);

    // B takes theirs back by pressing their own tally: A sees only its own left.
    await bRow.getByRole('button', { name: /^🦄 2/ }).click();
    await expect.poll(() => tallies(aRow)).toEqual([`🦄 1: You`]);

    await checkAccessibility(a.page, 'a message with reactions');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
