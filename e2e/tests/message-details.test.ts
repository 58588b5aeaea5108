import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { groupMemberWithFriends, oneToOnePair, type NetworkPerson } from '../support/network';
import { addByTyping, personWithThreeFriends, tokens } from '../support/recipients';

/**
 * Issue 31 item 13: details a person meets — emoji in list previews, own
 * images on the sender's side, pickers that do not reopen after a pick, the
 * home search cleared after a pick — each watched on a page already open.
 */
const e2e = useE2E();

/** A 300x200 green PNG: three of them are wider than a message may be, so they wrap. */
const GREEN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAASwAAADICAIAAADdvUsCAAABsElEQVR42u3TQQ0AAAgDsUmZVKQjgwdNquCSS6fAoUgAJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEEwImBBMCJgQTAiYEE4IJVQATggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJAROCCQETggkBE4IJwYQqgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYSACcGEgAnBhIAJwYRgQsCEYELAhPDTAjXp0kKnXOWhAAAAAElFTkSuQmCC',
  'base64',
);

async function loggedIn(person: NetworkPerson): Promise<Page> {
  const { page } = await e2e.newPage();
  await loginAs(page, person);
  return page;
}

/** Two animation frames: what a pick would reopen has been rendered by then. */
const settle = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );

describe('message details', () => {
  it('shows "<3" as ❤️ in an open thread list when it arrives, as in the thread', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const reader = await loggedIn(second);
    await reader.goto('/messages');
    const row = reader.locator(`.thread-row[data-key="${thread.id}"]`);
    await row.waitFor();

    const writer = await loggedIn(first);
    await writer.goto(`/messages/thread/${thread.id}`);
    const composer = writer.getByRole('textbox', { name: 'Message' });
    const token = `love-${Date.now().toString(36)}`;
    await composer.fill(`${token} <3`);
    await composer.press('Enter');

    const preview = row.locator('.thread-row-preview');
    await expect.poll(() => preview.textContent(), { timeout: 10_000 }).toContain(token);
    expect(await preview.textContent()).toContain(`${token} ❤️`);
    expect(await preview.textContent()).not.toContain('<3');
  });

  it("puts the sender's own images on their side", async () => {
    const { thread, first } = oneToOnePair(e2e.network);
    const page = await loggedIn(first);
    await page.goto(`/messages/thread/${thread.id}`);
    await page.getByRole('button', { name: 'Add images' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'green-1.png', mimeType: 'image/png', buffer: GREEN_PNG },
      { name: 'green-2.png', mimeType: 'image/png', buffer: GREEN_PNG },
      { name: 'green-3.png', mimeType: 'image/png', buffer: GREEN_PNG },
    ]);
    const tray = page.getByRole('list', { name: 'Images to send' });
    await expect.poll(() => tray.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
    const token = `own-image-${Date.now().toString(36)}`;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(token);
    await composer.press('Enter');
    const message = page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: token });
    // The last image: on a row of its own once the two wrap.
    const image = message.locator('.message-image').last();
    await image.waitFor();
    const text = message.locator('.message-text');
    // The image's right edge lines up with the text bubble's, on the right (the row settles
    // once the sent message replaces its pending copy).
    await expect
      .poll(
        async () => {
          const [imageBox, textBox] = await Promise.all([image.boundingBox(), text.boundingBox()]);
          if (imageBox === null || textBox === null) return null;
          return Math.abs(imageBox.x + imageBox.width - (textBox.x + textBox.width)) < 2;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  });

  it('New message does not reopen its results after a pick', async () => {
    const { me, friends } = personWithThreeFriends(e2e.network);
    const friend = friends[0];
    if (friend === undefined) throw new Error('no friend to pick');
    const page = await loggedIn(me);
    await page.goto('/messages/new');
    const to = page.getByRole('combobox', { name: 'To' });
    await to.focus();
    await page.keyboard.type(friend.prefix);
    const option = page.getByRole('option', { name: friend.person.name }).first();
    await option.click();
    await expect.poll(() => tokens(page).count()).toBe(1);
    await settle(page);
    expect(await page.getByRole('listbox').count()).toBe(0);
    // Typing opens it again.
    await page.keyboard.type(friends[1]?.prefix ?? friend.prefix);
    await page.getByRole('listbox').waitFor();
  });

  it('offers the group that already has these people instead of making a second one', async () => {
    const { me, friends } = personWithThreeFriends(e2e.network);
    const [a, b] = friends;
    if (a === undefined || b === undefined) throw new Error('two friends are needed');
    const page = await loggedIn(me);
    const sameGroupNotice = page.getByRole('alert').filter({
      hasText: 'You already have a group with these people.',
    });

    /** Writes to a and b from New message; returns the thread the browser lands in. */
    async function writeToBoth(text: string, expectNotice: boolean): Promise<string> {
      await page.goto('/messages/new');
      await page.getByRole('combobox', { name: 'To' }).waitFor();
      await addByTyping(page, a!);
      await addByTyping(page, b!);
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill(text);
      await composer.press('Enter');
      const landed = page.waitForURL(/\/messages\/thread\/\d+/);
      if (expectNotice) {
        await sameGroupNotice.waitFor();
        await sameGroupNotice.getByRole('button', { name: 'Send in that group' }).click();
      } else {
        // The network may already hold a group of these three: then it is offered at once.
        await Promise.race([
          landed,
          sameGroupNotice
            .getByRole('button', { name: 'Send in that group' })
            .click({ timeout: 10_000 })
            .catch(() => undefined),
        ]);
      }
      await landed;
      return new URL(page.url()).pathname;
    }

    const token = Date.now().toString(36);
    const first = await writeToBoth(`first ${token}`, false);
    const second = await writeToBoth(`again ${token}`, true);
    expect(second).toBe(first);
    await page
      .getByRole('log', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: `again ${token}` })
      .waitFor();
  });

  it('clears the home search after a pick', async () => {
    const { viewer, friend } = groupMemberWithFriends(e2e.network);
    const page = await loggedIn(viewer);
    const box = page.getByRole('search').getByRole('combobox').first();
    await box.waitFor();
    await box.fill(friend.name.slice(0, 4));
    const option = page.getByRole('option').filter({ hasText: friend.name }).first();
    await option.click();
    await page
      .getByRole('region', { name: 'Open chats' })
      .getByRole('group')
      .getByRole('textbox', { name: 'Message' })
      .waitFor();
    await expect.poll(() => box.inputValue()).toBe('');
  });
});
