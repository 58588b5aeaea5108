import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkAccessibility } from '../support/axe';
import { useE2E } from '../support/fixtures';
import { loginAs } from '../support/login';
import { canLogIn, type Network, type NetworkPerson } from '../support/network';

const e2e = useE2E();

/** The parts of the network file beyond support/network.ts that this test chooses by. */
type FullNetwork = Network & { friendships?: [string, string][]; blocks?: [string, string][] };

const lower = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The shortest prefix (2 characters at least) of `person`'s name that no one
 * else's name starts with, so that typing it finds them first.
 */
function uniquePrefix(network: Network, person: NetworkPerson): string | null {
  const others = network.people.filter((p) => p.id !== person.id).map((p) => lower(p.name));
  for (let n = 2; n <= person.name.length; n += 1) {
    const prefix = person.name.slice(0, n);
    if (prefix.trim() !== prefix) continue;
    if (!others.some((name) => name.startsWith(lower(prefix)))) return prefix;
  }
  return null;
}

/**
 * Someone who can log in with at least three friends who can log in, are not
 * blocked either way, and each have a name prefix no one else shares.
 */
function personWithThreeFriends(network: FullNetwork): {
  me: NetworkPerson;
  friends: { person: NetworkPerson; prefix: string }[];
} {
  const byId = new Map(network.people.map((p) => [p.id, p]));
  const blocked = (a: string, b: string) =>
    (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  for (const me of network.people) {
    if (!canLogIn(me)) continue;
    const friends = (network.friendships ?? [])
      .map(([a, b]) => (a === me.id ? b : b === me.id ? a : null))
      .map((id) => (id === null ? undefined : byId.get(id)))
      .filter((p): p is NetworkPerson => p !== undefined && canLogIn(p) && !blocked(me.id, p.id))
      .map((person) => ({ person, prefix: uniquePrefix(network, person) }))
      .filter((f): f is { person: NetworkPerson; prefix: string } => f.prefix !== null);
    if (friends.length >= 3) return { me, friends: friends.slice(0, 3) };
  }
  throw new Error('The network file has no one with three friends who can log in.');
}

const tokens = (page: Page) => page.getByRole('grid', { name: 'Recipients' }).getByRole('row');

/** Types a name prefix into the recipient box, waits for that person, and picks with Enter. */
async function addByTyping(page: Page, friend: { person: NetworkPerson; prefix: string }) {
  const input = page.getByRole('combobox', { name: 'To' });
  await input.focus();
  await page.keyboard.type(friend.prefix);
  await page.getByRole('option', { name: friend.person.name }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('');
}

describe('omnipicker: a new message to three people makes a group', () => {
  it('adds tokens by typing, Backspace removes the last, and sending creates and opens the group', async () => {
    const { me, friends } = personWithThreeFriends(e2e.network);
    const { page } = await e2e.newPage();
    await loginAs(page, me);
    await page.goto('/messages');
    await page.getByRole('link', { name: 'New message' }).click();
    await page.waitForURL('**/messages/new');
    const compose = page.getByRole('main', { name: 'New message' });
    await compose.getByRole('combobox', { name: 'To' }).waitFor();

    for (const friend of friends) await addByTyping(page, friend);
    const names = friends.map((f) => f.person.name);
    await expect.poll(() => tokens(page).allTextContents()).toEqual(names.map((n) => `${n}×`));

    // Backspace in the empty input removes the last token; typing brings it back.
    await page.keyboard.press('Backspace');
    await expect.poll(() => tokens(page).count()).toBe(2);
    await addByTyping(page, friends[2]!);
    await expect.poll(() => tokens(page).count()).toBe(3);
    await checkAccessibility(page, 'new message');

    const groupName = `Omni ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Group name (optional)' }).fill(groupName);
    const text = `first group message ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    const created = page.waitForResponse(
      (r) => r.request().postData()?.includes('NewMessageCreateGroupMutation') ?? false,
    );
    await page.getByRole('button', { name: 'Send' }).click();
    const body = (await (await created).json()) as {
      data: { create_group_thread: { thread_id: string; participants: { id: string }[] } };
    };
    const group = body.data.create_group_thread;
    expect(group.participants.map((p) => p.id).sort()).toEqual(
      [me.id, ...friends.map((f) => f.person.id)].sort(),
    );

    await page.waitForURL(`**/messages/thread/${group.thread_id}`);
    const conversation = page.getByRole('main', { name: 'Conversation' });
    await expect
      .poll(() => conversation.getByRole('heading', { level: 2 }).textContent())
      .toContain(groupName);
    await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor();
  });
});
