import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { groupMemberWithFriends } from '../support/network';

const e2e = useE2E();

/** One red pixel: a PNG the composer can read the size of. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function settled(page: Page): Promise<void> {
  await page.getByRole('log', { name: 'Messages' }).waitFor();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

const composer = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect.poll(() => composer(page).inputValue()).toBe('');
}

const row = (page: Page, text: string): Locator =>
  page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

async function openAction(page: Page, message: Locator, action: string): Promise<void> {
  await message.hover();
  await message.getByRole('button', { name: /^Actions for message from / }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('replies, mentions and the composer, live between two browsers', () => {
  it('a reply arrives live with its quote, and its quote finds the original in an older page', async () => {
    const { group, viewer, member } = groupMemberWithFriends(e2e.network);
    const path = `/messages/thread/${group.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, viewer);
    await loginAs(b.page, member);
    await a.page.goto(path);
    await b.page.goto(path);
    await settled(a.page);
    await settled(b.page);

    const token = `rp-${Date.now().toString(36)}`;
    await send(b.page, `${token} original: who brings the rope?`);
    const original = row(a.page, `${token} original`);
    await original.waitFor();
    // A starts the reply at once; the quote bar waits in A's draft while B writes a page more.
    await openAction(a.page, original, 'Reply');
    const bar = a.page.getByRole('group', { name: `Replying to ${member.name}` });
    await bar.getByText(`${token} original: who brings the rope?`).waitFor();
    await expect
      .poll(() => a.page.evaluate(() => document.activeElement?.tagName))
      .toBe('TEXTAREA');
    await checkAccessibility(a.page, 'the composer replying');
    // Escape cancels the reply; the menu starts it again.
    await composer(a.page).press('Escape');
    await bar.waitFor({ state: 'hidden' });
    await openAction(a.page, original, 'Reply');
    await bar.waitFor();

    for (let i = 0; i < 52; i += 1) {
      await composer(b.page).fill(`${token} filler ${String(i)}`);
      await composer(b.page).press('Enter');
    }
    // Stored: the thread row's preview says so (the histories need not render the newest rows).
    await a.page
      .getByRole('grid', { name: 'Conversations' })
      .locator(`[role="row"][data-key="${group.id}"]`)
      .filter({ hasText: `${token} filler 51` })
      .waitFor({ timeout: 60_000 });

    // B's own burst of sends left its history above the newest rows: back to the bottom.
    await b.page.getByRole('log', { name: 'Messages' }).evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await send(a.page, `${token} the answer: me`);
    await bar.waitFor({ state: 'hidden' });
    // B, open and settled, sees the reply with its quote of the original.
    const reply = row(b.page, `${token} the answer`);
    const quote = reply.getByRole('button', { name: /^Replied to/ });
    await quote.waitFor();
    expect(await quote.textContent()).toContain(`${token} original: who brings the rope?`);

    // Opened afresh, B's history holds the newest 50: the original is in an older page.
    await b.page.goto(path);
    await settled(b.page);
    await reply.waitFor();
    // (Its own bubble, not the reply's quote of it.)
    const originalOn = (page: Page): Locator =>
      page
        .getByRole('log', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ has: page.locator('p.message-text', { hasText: `${token} original` }) });
    expect(await originalOn(b.page).count()).toBe(0);
    await reply.getByRole('button', { name: /^Replied to / }).click();
    const found = originalOn(b.page);
    await found.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => found.locator('.message').getAttribute('data-highlighted'))
      .toBe('true');
    await expect.poll(() => found.isVisible()).toBe(true);
    // The highlight is brief.
    await expect
      .poll(() => found.locator('.message').getAttribute('data-highlighted'), { timeout: 8_000 })
      .toBe(null);
    await checkAccessibility(b.page, 'a reply and its original');

    // B unsends the original: A's open page says the reply's original is unavailable.
    await openAction(b.page, found, 'Unsend');
    await b.page
      .getByRole('alertdialog', { name: 'Unsend for everyone?' })
      .getByRole('button', { name: 'Unsend' })
      .click();
    await b.page.getByRole('log', { name: 'Messages' }).getByText('You unsent a message').waitFor();
    const aLog = a.page.getByRole('log', { name: 'Messages' });
    await aLog.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const aReply = row(a.page, `${token} the answer`);
    await aReply.getByText('Original message unavailable').waitFor();
    expect(await aReply.getByRole('button', { name: /^Replied to/ }).count()).toBe(0);
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  }, 240_000);

  it('a mention is picked from the listbox, counted on the thread row and highlighted for the mentioned person', async () => {
    const { group, viewer, member } = groupMemberWithFriends(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, viewer);
    await loginAs(b.page, member);
    await a.page.goto(`/messages/thread/${group.id}`);
    await settled(a.page);
    // B is elsewhere (another conversation), with the group's row in the list.
    await b.page.goto('/messages/');
    const groupRow = b.page
      .getByRole('grid', { name: 'Conversations' })
      .locator(`[role="row"][data-key="${group.id}"]`);
    await groupRow.first().waitFor();
    await expect
      .poll(() => b.page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
      .toBe(0);
    expect(await groupRow.first().locator('.mention-badge').count()).toBe(0);

    const token = `mn-${Date.now().toString(36)}`;
    const field = composer(a.page);
    await field.fill(`${token} ropes, `);
    await field.pressSequentially(`@${member.name.slice(0, 3)}`);
    const listbox = a.page.getByRole('listbox', { name: 'People to mention' });
    await listbox.waitFor();
    const option = listbox.getByRole('option', { name: member.name });
    await option.waitFor();
    await checkAccessibility(a.page, 'the mention listbox');
    // Arrow to the member's option (the triage may put another first), then Enter picks it.
    for (let i = 0; i < 8 && (await option.getAttribute('aria-selected')) !== 'true'; i += 1) {
      await field.press('ArrowDown');
    }
    await field.press('Enter');
    await listbox.waitFor({ state: 'hidden' });
    expect(await field.inputValue()).toBe(`${token} ropes, ${member.name} `);
    await field.pressSequentially('bring them?');
    await field.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('');

    // B's row counts the mention live, though B is in another conversation.
    const badge = groupRow.first().locator('.mention-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toContain('1 mention');

    await b.page.goto(`/messages/thread/${group.id}`);
    await settled(b.page);
    const message = row(b.page, token);
    await message.waitFor();
    expect(await message.locator('.mention[data-me]').textContent()).toBe(member.name);
    expect(await message.getByText('Mentions you.').count()).toBe(1);
    // A's own copy draws the name too, without the viewer's stronger highlight.
    const own = row(a.page, token);
    expect(await own.locator('.mention').textContent()).toBe(member.name);
    expect(await own.locator('.mention[data-me]').count()).toBe(0);
    await checkAccessibility(b.page, 'a message that mentions the viewer');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('keeps a draft (text and reply) across threads, takes pasted and dropped images, inserts an emoji', async () => {
    const { group, viewer, member, friend } = groupMemberWithFriends(e2e.network);
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, viewer);
    await loginAs(b.page, member);
    await a.page.goto(`/messages/thread/${group.id}`);
    await b.page.goto(`/messages/thread/${group.id}`);
    await settled(a.page);
    await settled(b.page);

    const token = `dr-${Date.now().toString(36)}`;
    await send(b.page, `${token} question`);
    await row(a.page, `${token} question`).waitFor();
    await openAction(a.page, row(a.page, `${token} question`), 'Reply');
    await composer(a.page).fill(`${token} half-written`);

    // To another thread and back: the text and the reply are still there.
    const grid = a.page.getByRole('grid', { name: 'Conversations' });
    const direct = e2e.network.threads.find(
      (t) =>
        t.kind === 'one_to_one' &&
        t.participants.includes(viewer.id) &&
        t.participants.includes(friend.id),
    );
    if (direct === undefined) throw new Error('no one-to-one thread with the friend');
    await grid.locator(`[role="row"][data-key="${direct.id}"]`).click();
    // Leaving a thread with a draft still asks (the seed's "Leave Page?"); the draft stays kept.
    await a.page
      .getByRole('dialog', { name: 'Leave Page?' })
      .getByRole('button', { name: 'Leave This Page' })
      .click();
    await expect.poll(() => a.page.url()).toContain(direct.id);
    await expect.poll(() => composer(a.page).inputValue()).toBe('');
    await grid.locator(`[role="row"][data-key="${group.id}"]`).click();
    await settled(a.page);
    await expect.poll(() => composer(a.page).inputValue()).toBe(`${token} half-written`);
    await a.page.getByRole('group', { name: `Replying to ${member.name}` }).waitFor();

    // The emoji button inserts at the caret; the picker arrives on demand.
    await a.page.getByRole('button', { name: 'Emoji', exact: true }).click();
    await a.page.getByRole('button', { name: 'Insert 👍' }).click();
    await expect.poll(() => composer(a.page).inputValue()).toBe(`${token} half-written👍`);

    // A pasted image joins the message.
    await composer(a.page).evaluate((el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'pixel.png', { type: 'image/png' }));
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, Array.from(PIXEL_PNG));
    // One dropped on the conversation's history joins it too.
    await a.page.getByRole('log', { name: 'Messages' }).evaluate((el, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
      for (const type of ['dragover', 'drop']) {
        el.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    }, Array.from(PIXEL_PNG));
    const tray = a.page.getByRole('list', { name: 'Images to send' });
    await tray.getByRole('img', { name: 'pixel.png' }).waitFor();
    await tray.getByRole('img', { name: 'dropped.png' }).waitFor();
    await expect.poll(() => tray.getByRole('progressbar').count(), { timeout: 10_000 }).toBe(0);
    await composer(a.page).press('Enter');
    await expect.poll(() => composer(a.page).inputValue()).toBe('');
    const arrived = row(b.page, `${token} half-written`);
    await expect
      .poll(() => arrived.locator('.message-images img.message-image').count(), {
        timeout: 15_000,
      })
      .toBe(2);
    await arrived.getByRole('button', { name: /^Replied to / }).waitFor();
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
