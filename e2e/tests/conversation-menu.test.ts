import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import {
  canLogIn,
  groupMemberWithFriends,
  oneToOnePair,
  type Network,
  type NetworkPerson,
  type NetworkThread,
} from '../support/network';
import { titleCount } from '../support/page-state';

const e2e = useE2E();
const SCREENS = '/work/screens';

/*
 * The conversation menu (issue 33, item 8). The threads are taken from the
 * end of the network file, so that other files' tests (which take the first
 * ones) do not meet these changes on the shared server.
 */

const inInbox = (thread: NetworkThread, p: NetworkPerson) =>
  (thread.folders?.[p.id] ?? 'INBOX') === 'INBOX';

/**
 * The threads the shared helpers hand to other files' tests: never left or deleted
 * here, whatever the network's size (a small network's last group is also its first).
 */
function takenElsewhere(network: Network): Set<string> {
  const taken = new Set<string>([oneToOnePair(network).thread.id]);
  const shared = groupMemberWithFriends(network);
  taken.add(shared.group.id);
  for (const thread of network.threads) {
    const ids = [shared.viewer.id, shared.friend.id];
    if (thread.kind === 'one_to_one' && ids.every((id) => thread.participants.includes(id))) {
      taken.add(thread.id);
    }
  }
  return taken;
}

/** One-to-one inbox threads between two people who can log in, newest in the file first. */
function pairsFromTheEnd(network: Network & { blocks?: [string, string][] }) {
  const people = new Map(network.people.map((p) => [p.id, p]));
  const blocked = (a: string, b: string) =>
    (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const out: { thread: NetworkThread; first: NetworkPerson; second: NetworkPerson }[] = [];
  const taken = takenElsewhere(network);
  for (const thread of [...network.threads].reverse()) {
    if (thread.kind !== 'one_to_one' || taken.has(thread.id)) continue;
    const [a, b] = thread.participants.map((id) => people.get(id));
    if (a === undefined || b === undefined || !canLogIn(a) || !canLogIn(b)) continue;
    if (!inInbox(thread, a) || !inInbox(thread, b) || blocked(a.id, b.id)) continue;
    out.push({ thread, first: a, second: b });
  }
  return out;
}

/** Group threads with two members who can log in, both with it in their inbox, from the end. */
function groupsFromTheEnd(network: Network) {
  const people = new Map(network.people.map((p) => [p.id, p]));
  const out: { group: NetworkThread; viewer: NetworkPerson; member: NetworkPerson }[] = [];
  const taken = takenElsewhere(network);
  for (const group of [...network.threads].reverse()) {
    if (group.kind !== 'group' || taken.has(group.id)) continue;
    const members = group.participants
      .map((id) => people.get(id))
      .filter((p): p is NetworkPerson => p !== undefined && canLogIn(p) && inInbox(group, p));
    const [viewer, member] = members;
    if (viewer !== undefined && member !== undefined) out.push({ group, viewer, member });
  }
  return out;
}

/** Opens `path` and resolves once the sync socket has caught up (`ready`) and nothing says Connecting. */
async function openSettled(page: Page, path: string): Promise<void> {
  const ready = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"ready"')) {
          resolve();
        }
      });
    });
  });
  await page.goto(path);
  await ready;
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Connecting…' }).count())
    .toBe(0);
}

const list = (page: Page) => page.getByRole('grid', { name: 'Conversations' });
const rowOf = (page: Page, threadId: string): Locator =>
  list(page).locator(`[data-thread-id="${threadId}"]`);

async function menuOf(page: Page, threadId: string): Promise<Locator> {
  const row = rowOf(page, threadId);
  await row.waitFor();
  await row.hover();
  await row.getByRole('button', { name: /^Options for / }).click();
  const menu = page.getByRole('menu', { name: /^Options for / });
  await menu.waitFor();
  return menu;
}

async function sendIn(page: Page, threadId: string, text: string): Promise<void> {
  await page.goto(`/messages/thread/${threadId}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.waitFor();
  await composer.fill(text);
  await composer.press('Enter');
  await expect.poll(() => composer.inputValue()).toBe('');
  await page
    .getByRole('log', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: text })
    .waitFor();
}

describe('conversation menu', () => {
  it('mute: a new message gives no toast and no title count, and the row shows muted; unmuted it beeps', async () => {
    const { group, viewer, member } = groupsFromTheEnd(e2e.network)[1] ?? {};
    if (group === undefined || viewer === undefined || member === undefined) {
      throw new Error('the network has too few groups');
    }
    const v = await e2e.newPage();
    const m = await e2e.newPage();
    await loginAs(v.page, viewer);
    await loginAs(m.page, member);
    await openSettled(v.page, '/messages');
    const row = rowOf(v.page, group.id);
    await row.waitFor();

    const menu = await menuOf(v.page, group.id);
    await checkAccessibility(v.page, 'the thread list with a conversation menu open');
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await v.page.setViewportSize({ width: w, height: h });
      await v.page.screenshot({ path: `${SCREENS}/w33m-menu-open-${w}x${h}.png` });
    }
    await v.page.setViewportSize({ width: 1280, height: 800 });
    await menu.getByRole('menuitem', { name: 'Mute for 1 hour' }).click();
    await row.getByRole('img', { name: 'Muted' }).waitFor();
    const before = await titleCount(v.page);

    const token = `muted-${Date.now().toString(36)}`;
    await sendIn(m.page, group.id, token);
    // The row takes the message (bold, its preview), live...
    await expect.poll(() => row.textContent()).toContain(token);
    expect(await row.getAttribute('data-unread')).toBe('true');
    const beeper = v.page.getByRole('status', { name: 'Notifications' });
    // ...but no toast and no count in the title.
    await v.page.waitForTimeout(1_000);
    expect(await beeper.getByRole('link').filter({ hasText: token }).count()).toBe(0);
    expect(await titleCount(v.page)).toBe(before);
    expect(await row.getByRole('img', { name: 'Muted' }).count()).toBe(1);
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await v.page.setViewportSize({ width: w, height: h });
      await v.page.screenshot({ path: `${SCREENS}/w33m-muted-row-${w}x${h}.png` });
    }
    await v.page.setViewportSize({ width: 1280, height: 800 });

    // A mention of the viewer counts even while muted: the row's @ badge rises live, still silent.
    expect(await row.locator('.mention-badge').count()).toBe(0);
    const field = m.page.getByRole('textbox', { name: 'Message' });
    const mentioned = `mention-${Date.now().toString(36)}`;
    await field.fill(`${mentioned} `);
    await field.pressSequentially(`@${viewer.name.slice(0, 3)}`);
    const listbox = m.page.getByRole('listbox', { name: 'People to mention' });
    const option = listbox.getByRole('option', { name: viewer.name });
    await option.waitFor();
    for (let i = 0; i < 8 && (await option.getAttribute('aria-selected')) !== 'true'; i += 1) {
      await field.press('ArrowDown');
    }
    await field.press('Enter');
    await listbox.waitFor({ state: 'hidden' });
    await field.pressSequentially('are you in?');
    await field.press('Enter');
    const mentionBadge = row.locator('.mention-badge');
    await mentionBadge.waitFor();
    expect(await mentionBadge.textContent()).toContain('1 mention');
    expect(await row.getByRole('img', { name: 'Muted' }).count()).toBe(1);
    expect(await beeper.getByRole('link').filter({ hasText: mentioned }).count()).toBe(0);

    // Unmuted, the same kind of message beeps and counts: the silence above was the mute.
    await (await menuOf(v.page, group.id)).getByRole('menuitem', { name: 'Unmute' }).click();
    await expect.poll(() => row.getByRole('img', { name: 'Muted' }).count()).toBe(0);
    const loud = `loud-${Date.now().toString(36)}`;
    await sendIn(m.page, group.id, loud);
    await beeper.getByRole('link').filter({ hasText: loud }).waitFor();
    await expect.poll(() => titleCount(v.page)).toBe(before + 1);

    expect(v.pageErrors).toEqual([]);
    expect(m.pageErrors).toEqual([]);
  });

  it('archive: the row moves to Archived live on the second page; a new message brings the one-to-one back', async () => {
    const { thread, first, second } = pairsFromTheEnd(e2e.network)[0] ?? {};
    if (thread === undefined || first === undefined || second === undefined) {
      throw new Error('the network has no one-to-one pair');
    }
    const inbox = await e2e.newPage();
    const archived = await e2e.newPage();
    const other = await e2e.newPage();
    await loginAs(inbox.page, first);
    await loginAs(archived.page, first);
    await loginAs(other.page, second);
    await openSettled(inbox.page, '/messages');
    await openSettled(archived.page, '/messages');
    // The Archived view is reached from the thread list.
    await archived.page.getByRole('link', { name: 'Archived', exact: true }).click();
    await archived.page.waitForURL((url) => url.pathname === '/messages/ARCHIVED');
    await archived.page.getByRole('heading', { name: 'Archived', exact: true }).waitFor();
    await list(archived.page).waitFor();
    await openSettled(other.page, `/messages/thread/${thread.id}`);
    await rowOf(inbox.page, thread.id).waitFor();
    expect(await rowOf(archived.page, thread.id).count()).toBe(0);

    await (
      await menuOf(inbox.page, thread.id)
    )
      .getByRole('menuitem', { name: 'Archive chat' })
      .click();
    await expect.poll(() => rowOf(inbox.page, thread.id).count()).toBe(0);
    await rowOf(archived.page, thread.id).waitFor();
    await checkAccessibility(archived.page, 'the Archived view');
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await archived.page.setViewportSize({ width: w, height: h });
      await archived.page.screenshot({ path: `${SCREENS}/w33m-archived-${w}x${h}.png` });
    }
    await archived.page.setViewportSize({ width: 1280, height: 800 });

    // The other person writes: the one-to-one comes back to the inbox, live on both pages.
    const composer = other.page.getByRole('textbox', { name: 'Message' });
    const token = `back-${Date.now().toString(36)}`;
    await composer.fill(token);
    await composer.press('Enter');
    await rowOf(inbox.page, thread.id).filter({ hasText: token }).waitFor();
    await expect.poll(() => rowOf(archived.page, thread.id).count()).toBe(0);

    expect(inbox.pageErrors).toEqual([]);
    expect(archived.pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  it('mark as unread (by keyboard) makes the row bold live on the second page; mark as read undoes it', async () => {
    const { thread, first: one, second: two } = pairsFromTheEnd(e2e.network)[1] ?? {};
    if (thread === undefined || one === undefined || two === undefined) {
      throw new Error('too few one-to-one pairs');
    }
    // The one who received the newest message: mark as unread needs someone else's message.
    const first = thread.messages.at(-1)?.from === one.id ? two : one;
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, first);
    // Opening the conversation reads it; then both pages sit on the inbox.
    await openSettled(a.page, `/messages/thread/${thread.id}`);
    await a.page.getByRole('log', { name: 'Messages' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => rowOf(a.page, thread.id).getAttribute('data-unread')).toBe(null);
    await openSettled(a.page, '/messages');
    await openSettled(b.page, '/messages');
    const rowB = rowOf(b.page, thread.id);
    await rowB.waitFor();
    expect(await rowB.getAttribute('data-unread')).toBe(null);

    // Keyboard: the row, then ArrowRight to its menu button, Enter opens the menu.
    await rowOf(a.page, thread.id).focus();
    await a.page.keyboard.press('ArrowRight');
    expect(
      await a.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toMatch(/^Options for /);
    await a.page.keyboard.press('Enter');
    const menu = a.page.getByRole('menu', { name: /^Options for / });
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: 'Mark as unread' }).focus();
    await a.page.keyboard.press('Enter');
    await expect.poll(() => rowB.getAttribute('data-unread')).toBe('true');
    await expect.poll(() => rowOf(a.page, thread.id).getAttribute('data-unread')).toBe('true');

    await (await menuOf(b.page, thread.id)).getByRole('menuitem', { name: 'Mark as read' }).click();
    await expect.poll(() => rowOf(a.page, thread.id).getAttribute('data-unread')).toBe(null);
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  it('leave group: the other open page shows "{name} left the group" live; the leaver has no composer on either page', async () => {
    const { group, viewer, member } = groupsFromTheEnd(e2e.network)[0] ?? {};
    if (group === undefined || viewer === undefined || member === undefined) {
      throw new Error('the network has no group');
    }
    const v = await e2e.newPage();
    const v2 = await e2e.newPage();
    const m = await e2e.newPage();
    await loginAs(v.page, viewer);
    await loginAs(v2.page, viewer);
    await loginAs(m.page, member);
    await openSettled(v.page, `/messages/thread/${group.id}`);
    await openSettled(v2.page, `/messages/thread/${group.id}`);
    await openSettled(m.page, `/messages/thread/${group.id}`);
    await v2.page.getByRole('textbox', { name: 'Message' }).waitFor();
    const composer = v.page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();

    const header = v.page.locator('.conversation-header');
    await header.getByRole('button', { name: /^Options for / }).click();
    await v.page.getByRole('menuitem', { name: 'Leave group' }).click();
    const dialog = v.page.getByRole('alertdialog', { name: 'Leave group?' });
    await dialog.waitFor();
    await checkAccessibility(v.page, 'the leave group dialog');
    await dialog.getByRole('button', { name: 'Leave group' }).click();

    await m.page
      .getByRole('log', { name: 'Messages' })
      .getByText(`${viewer.name} left the group`)
      .waitFor();
    await v.page.waitForURL((url) => url.pathname === '/messages');
    await expect.poll(() => v.page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await expect.poll(() => rowOf(v.page, group.id).count()).toBe(0);
    // The leaver's other open page leaves the conversation too, live: no composer there either.
    await v2.page.waitForURL((url) => url.pathname === '/messages');
    await expect.poll(() => v2.page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(v.pageErrors).toEqual([]);
    expect(v2.pageErrors).toEqual([]);
    expect(m.pageErrors).toEqual([]);
  });

  it('delete conversation asks first, then removes it from the list of both pages of the viewer', async () => {
    const { thread, first } = pairsFromTheEnd(e2e.network)[2] ?? {};
    if (thread === undefined || first === undefined) throw new Error('too few one-to-one pairs');
    const a = await e2e.newPage();
    const b = await e2e.newPage();
    await loginAs(a.page, first);
    await loginAs(b.page, first);
    await openSettled(a.page, '/messages');
    await openSettled(b.page, '/messages');
    await rowOf(b.page, thread.id).waitFor();

    await (await menuOf(a.page, thread.id)).getByRole('menuitem', { name: 'Delete chat' }).click();
    const dialog = a.page.getByRole('alertdialog', { name: 'Delete chat?' });
    await dialog.waitFor();
    await checkAccessibility(a.page, 'the delete chat dialog');
    await dialog.getByRole('button', { name: 'Delete chat' }).click();
    await expect.poll(() => rowOf(a.page, thread.id).count()).toBe(0);
    await expect.poll(() => rowOf(b.page, thread.id).count()).toBe(0);
    await a.page.reload();
    await list(a.page).waitFor();
    await a.page.waitForTimeout(500);
    expect(await rowOf(a.page, thread.id).count()).toBe(0);
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
