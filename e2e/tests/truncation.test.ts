import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import {
  canLogIn,
  oneToOnePair,
  type Network,
  type NetworkPerson,
  type NetworkThread,
} from '../support/network';

/**
 * Issue 31 item 4: text that carries the information is not cut where there
 * is room for it: a group header's "and N others", a one-to-one header's
 * name, the names of the requests list, a refused image's reason.
 */
const e2e = useE2E();

/** The text is shown whole: nothing of it overflows its box (no ellipsis). */
const shownWhole = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);

async function loggedIn(person: NetworkPerson): Promise<Page> {
  const { page } = await e2e.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, person);
  return page;
}

/** The largest group with a member who can log in and has it in their inbox. */
function largestGroup(network: Network): { thread: NetworkThread; viewer: NetworkPerson } {
  const people = new Map(network.people.map((p) => [p.id, p]));
  const groups = network.threads
    .filter((t) => t.kind === 'group')
    .sort((a, b) => b.participants.length - a.participants.length);
  for (const thread of groups) {
    const viewer = thread.participants
      .map((id) => people.get(id))
      .find(
        (p) => p !== undefined && canLogIn(p) && (thread.folders?.[p.id] ?? 'INBOX') === 'INBOX',
      );
    if (viewer !== undefined) return { thread, viewer };
  }
  throw new Error('The network file has no group with a member who can log in.');
}

/** A thread waiting in someone's PENDING folder (a message request), and that someone. */
function pendingRequest(network: Network): { thread: NetworkThread; person: NetworkPerson } {
  const people = new Map(network.people.map((p) => [p.id, p]));
  for (const thread of network.threads) {
    if (thread.messages.length === 0) continue;
    for (const [personId, folder] of Object.entries(thread.folders ?? {})) {
      const person = people.get(personId);
      if (folder === 'PENDING' && person !== undefined && canLogIn(person)) {
        return { thread, person };
      }
    }
  }
  throw new Error('The network file has no message request (a PENDING folder).');
}

const header = (page: Page): Locator =>
  page.getByRole('main', { name: 'Conversation' }).locator('header');

describe('information is not cut off', () => {
  it('a large group header keeps "and N others" whole', async () => {
    const { thread, viewer } = largestGroup(e2e.network);
    const others = thread.participants.length - 1;
    const page = await loggedIn(viewer);
    await page.goto(`/messages/thread/${thread.id}`);
    const text = header(page).locator('.participants-text');
    await text.waitFor();
    if (others > 3) {
      expect(await text.textContent()).toMatch(new RegExp(`${String(others - 3)} others?$`));
    }
    expect(await shownWhole(text)).toBe(true);
  });

  it('a one-to-one header shows the whole name of the other person', async () => {
    const { thread, first, second } = oneToOnePair(e2e.network);
    const page = await loggedIn(first);
    // A laptop's narrower window: the header's buttons no longer fit beside the name.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/messages/thread/${thread.id}`);
    const title = header(page).getByRole('heading', { level: 2 });
    await title.waitFor();
    expect(await title.textContent()).toBe(second.name);
    expect(await shownWhole(title)).toBe(true);
  });

  it('names in the requests list are whole', async () => {
    const { person } = pendingRequest(e2e.network);
    const page = await loggedIn(person);
    await page.goto('/messages/requests');
    const rows = page.getByRole('grid', { name: 'Message requests' }).getByRole('row');
    await rows.first().waitFor();
    for (const row of await rows.all()) {
      expect(await shownWhole(row.locator('.thread-row-title'))).toBe(true);
    }
  });

  it('names of up to 15 characters in the conversation list are whole (the row menu takes no room)', async () => {
    const { viewer } = largestGroup(e2e.network);
    const page = await loggedIn(viewer);
    await page.goto('/messages');
    const rows = page.getByRole('grid', { name: 'Conversations' }).getByRole('row');
    await rows.first().waitFor();
    for (const row of await rows.all()) {
      const title = row.locator('.thread-row-title');
      if (((await title.textContent()) ?? '').length <= 15) {
        expect(await shownWhole(title), (await title.textContent()) ?? '').toBe(true);
      }
    }
  });

  it("a refused image's reason is not covered by its remove button", async () => {
    const { thread, first } = oneToOnePair(e2e.network);
    const page = await loggedIn(first);
    await page.goto(`/messages/thread/${thread.id}`);
    await page.getByRole('button', { name: 'Add images' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    const tray = page.getByRole('list', { name: 'Images to send' });
    const reason = tray.getByRole('alert');
    await reason.waitFor();
    expect(await reason.textContent()).toContain('notes.txt');
    const remove = tray.getByRole('button', { name: 'Remove notes.txt' });
    const [text, button] = await Promise.all([reason.boundingBox(), remove.boundingBox()]);
    if (text === null || button === null) throw new Error('the reason or the button is not shown');
    const overlaps =
      text.x < button.x + button.width &&
      button.x < text.x + text.width &&
      text.y < button.y + button.height &&
      button.y < text.y + text.height;
    expect(overlaps).toBe(false);
    expect(await shownWhole(reason)).toBe(true);
  });
});
