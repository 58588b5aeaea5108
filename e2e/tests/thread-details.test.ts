import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson, type NetworkThread } from '../support/network';

const e2e = useE2E();

/** The parts of the network file beyond support/network.ts that these tests choose by. */
type FullNetwork = Network & { friendships?: [string, string][]; blocks?: [string, string][] };

const net = (): FullNetwork => e2e.network;
const personById = (id: string): NetworkPerson | undefined => net().people.find((p) => p.id === id);
const inInbox = (thread: NetworkThread, person: NetworkPerson): boolean =>
  (thread.folders?.[person.id] ?? 'INBOX') === 'INBOX';

function areFriends(a: string, b: string): boolean {
  return (net().friendships ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

function blockedEitherWay(a: string, b: string): boolean {
  return (net().blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** Two friends who can log in and share a one-to-one thread in both inboxes, without a block. */
function friendsWithThread(): { thread: NetworkThread; me: NetworkPerson; friend: NetworkPerson } {
  for (const thread of net().threads) {
    if (thread.kind !== 'one_to_one') continue;
    const [me, friend] = thread.participants.map(personById);
    if (me === undefined || friend === undefined || !canLogIn(me) || !canLogIn(friend)) continue;
    if (!areFriends(me.id, friend.id) || blockedEitherWay(me.id, friend.id)) continue;
    if (inInbox(thread, me) && inInbox(thread, friend)) return { thread, me, friend };
  }
  throw new Error('The network file has no one-to-one inbox thread between two friends.');
}

/**
 * Someone `me` has no one-to-one thread with and may write to: a friend when
 * the network has one, else anyone who can log in (the message is then a request).
 */
function someoneWithoutThread(me: NetworkPerson): NetworkPerson | undefined {
  const talked = new Set(
    net()
      .threads.filter((t) => t.kind === 'one_to_one' && t.participants.includes(me.id))
      .flatMap((t) => t.participants),
  );
  const candidates = net().people.filter(
    (p) => p.id !== me.id && canLogIn(p) && !talked.has(p.id) && !blockedEitherWay(me.id, p.id),
  );
  return candidates.find((p) => areFriends(me.id, p.id)) ?? candidates[0];
}

/**
 * A group with at least two members who can log in and have it in their
 * inbox: the largest one above four people (so the facepile overflows), else
 * the largest.
 */
function groupWithTwoMembers(): {
  thread: NetworkThread;
  first: NetworkPerson;
  second: NetworkPerson;
} {
  const groups = net()
    .threads.filter((t) => t.kind === 'group')
    .sort((a, b) => b.participants.length - a.participants.length);
  for (const thread of groups) {
    const members = thread.participants
      .map(personById)
      .filter((p): p is NetworkPerson => p !== undefined && canLogIn(p) && inInbox(thread, p));
    const [first, second] = members;
    if (first !== undefined && second !== undefined) return { thread, first, second };
  }
  throw new Error('The network file has no group with two members who can log in.');
}

const history = (page: Page) => page.getByRole('log', { name: 'Messages' });
const heading = (page: Page) =>
  page.getByRole('main', { name: 'Conversation' }).getByRole('heading', { level: 2 });

/** The newest message the open conversation shows, once it has loaded. */
async function newestMessage(page: Page): Promise<string> {
  const items = history(page).getByRole('listitem');
  await items.first().waitFor();
  return (await items.last().textContent()) ?? '';
}

describe('thread permalinks survive a reload', () => {
  it('opens /thread/{id} and /t/{userId} of a friend, before and after a reload', async () => {
    const { thread, me, friend } = friendsWithThread();
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, me);

    await page.goto(`/messages/thread/${thread.id}`);
    await heading(page).filter({ hasText: friend.name }).waitFor();
    const newest = await newestMessage(page);
    await checkAccessibility(page, 'a thread permalink');
    await page.reload();
    await heading(page).filter({ hasText: friend.name }).waitFor();
    expect(await newestMessage(page)).toBe(newest);

    // The user-id form opens the same one-to-one thread, also after a reload.
    await page.goto(`/messages/t/${friend.id}`);
    await heading(page).filter({ hasText: friend.name }).waitFor();
    expect(await newestMessage(page)).toBe(newest);
    await checkAccessibility(page, 'a user-id permalink');
    await page.reload();
    await heading(page).filter({ hasText: friend.name }).waitFor();
    expect(await newestMessage(page)).toBe(newest);
    // The thread list marks the thread the permalink resolved to.
    await page
      .getByRole('navigation', { name: 'Chats' })
      .locator('[data-current]')
      .filter({ hasText: friend.name })
      .waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('starts a conversation with someone never written to; the first message creates it', async () => {
    const { me } = friendsWithThread();
    const friend = someoneWithoutThread(me);
    if (friend === undefined) {
      console.warn('Everyone already has a thread with the chosen person: nothing to start.');
      return;
    }
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto(`/messages/t/${friend.id}`);
    await heading(page).filter({ hasText: friend.name }).waitFor();
    await page.getByText(`Write the first message to ${friend.name}.`).waitFor();
    await checkAccessibility(page, 'an empty conversation');

    const token = `first-${Date.now().toString(36)}`;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(`hello ${token}`);
    await composer.press('Enter');
    await history(page).getByRole('listitem').filter({ hasText: token }).waitFor();
    await page.reload();
    await history(page).getByRole('listitem').filter({ hasText: token }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('says plainly when the user id is not someone to write to', async () => {
    const { me } = friendsWithThread();
    const { page, pageErrors } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto(`/messages/t/${me.id}`);
    await page
      .getByRole('status')
      .filter({ hasText: 'This link points to you. Choose someone else to write to.' })
      .waitFor();
    await page.goto('/messages/t/99999999999');
    await page
      .getByRole('status')
      .filter({ hasText: 'There is no one with this id to write to.' })
      .waitFor();
    await checkAccessibility(page, 'a user-id permalink to no one');
    expect(pageErrors).toEqual([]);
  });
});

describe('group details', () => {
  it('shows the participant text and tooltip, and a rename live in another member’s browser', async () => {
    const { thread, first, second } = groupWithTwoMembers();
    const path = `/messages/thread/${thread.id}`;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, second);
    await b.page.goto(path);
    await a.page.goto(path);
    await history(a.page).waitFor();
    await history(b.page).waitFor();

    // Everyone but the viewer, by the seed's rules: three names, then 'N others'.
    const others = thread.participants.filter((id) => id !== first.id);
    const otherNames = new Set(others.map((id) => personById(id)?.name ?? ''));
    // The participants button comes first in the conversation, before the settings button.
    const main = a.page.getByRole('main', { name: 'Conversation' });
    const participants = main.getByRole('button').first();
    const text = (await participants.locator('.participants-text').textContent()) ?? '';
    // The faces are hidden from assistive technology: the button is named by the text alone.
    await main.getByRole('button', { name: text, exact: true }).waitFor();
    if (others.length > 3) {
      const match = /^(.+), (.+), (.+) and (\d+) others?$/.exec(text);
      expect(match, text).not.toBeNull();
      expect(match?.slice(1, 4).every((n) => otherNames.has(n))).toBe(true);
      expect(Number(match?.[4])).toBe(others.length - 3);
    }
    if (others.length > 4) {
      const faces = main.getByTestId('facepile').locator('.facepile-face');
      expect(await faces.count()).toBe(4);
      expect(await faces.last().textContent()).toBe(`+${String(others.length - 3)}`);
    }

    // The tooltip comes with keyboard focus: ten names at most, then 'and {num} more...'.
    // A live refetch may re-render the header under the focus: tab back onto it and try again.
    const tooltip = a.page.getByRole('tooltip');
    for (let attempt = 1; ; attempt += 1) {
      await participants.focus();
      await a.page.keyboard.press('Shift+Tab');
      await a.page.keyboard.press('Tab');
      const shownNow = await tooltip
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (shownNow) break;
      if (attempt === 3) {
        await tooltip.waitFor({ timeout: 5_000 });
        break;
      }
    }
    const lines = await tooltip.locator('div').allTextContents();
    const shown = Math.min(others.length, 10);
    expect(lines.slice(0, shown).every((n) => otherNames.has(n))).toBe(true);
    if (others.length > 10) {
      expect(lines).toHaveLength(11);
      expect(lines[10]).toBe(`and ${String(others.length - 10)} more...`);
    } else {
      expect(lines).toHaveLength(others.length);
    }
    await checkAccessibility(a.page, 'a group conversation with its tooltip');
    await a.page.keyboard.press('Escape');

    // A renames the group in the settings dialog; B's open thread follows live.
    const original = (await heading(b.page).textContent()) ?? '';
    await a.page.getByRole('button', { name: 'Conversation settings' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Conversation settings' });
    await dialog.waitFor();
    await checkAccessibility(a.page, 'the conversation settings dialog');
    const name = `Renamed ${Date.now().toString(36)}`;
    const field = dialog.getByRole('textbox', { name: 'Group name' });
    await field.fill(name);
    await dialog.getByRole('button', { name: 'Rename group' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await heading(b.page).filter({ hasText: name }).waitFor();
    await heading(a.page).filter({ hasText: name }).waitFor();
    await checkAccessibility(b.page, 'a group renamed live');

    // Back to how the network file had it, for the other tests sharing the server.
    await field.fill(thread.name ?? '');
    await dialog.getByRole('button', { name: 'Rename group' }).click();
    await heading(b.page).filter({ hasText: original }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
