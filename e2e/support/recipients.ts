import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { canLogIn, type Network, type NetworkPerson } from './network';

/*
 * Choosing recipients for the picker tests (omnipicker, broadcast, share):
 * people found by properties and typed by a name prefix only they have.
 */

/** The parts of the network file beyond support/network.ts that these choose by. */
export type FullNetwork = Network & {
  friendships?: [string, string][];
  blocks?: [string, string][];
};

const lower = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The shortest prefix (2 characters at least) of `person`'s name that no one
 * else's name starts with, so that typing it finds them first.
 */
export function uniquePrefix(network: Network, person: NetworkPerson): string | null {
  const others = network.people.filter((p) => p.id !== person.id).map((p) => lower(p.name));
  for (let n = 2; n <= person.name.length; n += 1) {
    const prefix = person.name.slice(0, n);
    if (prefix.trim() !== prefix) continue;
    if (!others.some((name) => name.startsWith(lower(prefix)))) return prefix;
  }
  return null;
}

/** A person and the name prefix that finds them first. */
export type Recipient = { person: NetworkPerson; prefix: string };

const blockedEitherWay = (network: FullNetwork, a: string, b: string) =>
  (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** Of `candidates`, those `me` can write to who can be found by a name prefix of their own. */
function findable(
  network: FullNetwork,
  me: NetworkPerson,
  candidates: NetworkPerson[],
): Recipient[] {
  return candidates
    .filter((p) => p.id !== me.id && canLogIn(p) && !blockedEitherWay(network, me.id, p.id))
    .map((person) => ({ person, prefix: uniquePrefix(network, person) }))
    .filter((f): f is Recipient => f.prefix !== null);
}

/**
 * A personal account who can log in with at least three friends who can log
 * in, are not blocked either way, and each have a name prefix no one else shares.
 */
export function personWithThreeFriends(network: FullNetwork): {
  me: NetworkPerson;
  friends: Recipient[];
} {
  const byId = new Map(network.people.map((p) => [p.id, p]));
  for (const me of network.people) {
    if (!canLogIn(me) || me.account !== 'personal') continue;
    const friendIds = (network.friendships ?? []).map(([a, b]) =>
      a === me.id ? b : b === me.id ? a : null,
    );
    const friends = findable(
      network,
      me,
      friendIds
        .map((id) => (id === null ? undefined : byId.get(id)))
        .filter((p): p is NetworkPerson => p !== undefined),
    );
    if (friends.length >= 3) return { me, friends: friends.slice(0, 3) };
  }
  throw new Error('The network file has no personal account with three friends who can log in.');
}

/** A work account who can log in with two coworkers (same company) to write to. */
export function workerWithTwoCoworkers(network: FullNetwork): {
  me: NetworkPerson;
  coworkers: Recipient[];
} {
  for (const me of network.people) {
    if (!canLogIn(me) || me.account !== 'work' || me.company === undefined) continue;
    const coworkers = findable(
      network,
      me,
      network.people.filter((p) => p.account === 'work' && p.company === me.company),
    );
    if (coworkers.length >= 2) return { me, coworkers: coworkers.slice(0, 2) };
  }
  throw new Error('The network file has no work account with two coworkers who can log in.');
}

/** The recipient tokens shown. */
export const tokens = (page: Page) =>
  page.getByRole('grid', { name: 'Recipients' }).getByRole('row');

/** Types a name prefix into the recipient box, waits for that person, and picks with Enter. */
export async function addByTyping(page: Page, friend: Recipient) {
  const input = page.getByRole('combobox', { name: 'To' });
  await input.focus();
  await page.keyboard.type(friend.prefix);
  await page.getByRole('option', { name: friend.person.name }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect.poll(() => input.inputValue()).toBe('');
}

/**
 * A personal account in a one-to-one thread with someone findable by prefix,
 * and one more friend to add: the group grows from that conversation.
 */
export function oneToOneAndAFriend(network: FullNetwork): {
  me: NetworkPerson;
  threadId: string;
  other: Recipient;
  friend: Recipient;
} {
  const byId = new Map(network.people.map((p) => [p.id, p]));
  for (const thread of network.threads) {
    if (thread.kind !== 'one_to_one' || thread.participants.length !== 2) continue;
    for (const meId of thread.participants) {
      const me = byId.get(meId);
      const otherPerson = byId.get(thread.participants.find((id) => id !== meId) ?? '');
      if (me === undefined || otherPerson === undefined) continue;
      if (!canLogIn(me) || me.account !== 'personal') continue;
      const [other] = findable(network, me, [otherPerson]);
      if (other === undefined) continue;
      const friendIds = (network.friendships ?? [])
        .map(([a, b]) => (a === me.id ? b : b === me.id ? a : null))
        .filter((id): id is string => id !== null && id !== otherPerson.id);
      const [friend] = findable(
        network,
        me,
        friendIds.map((id) => byId.get(id)).filter((p): p is NetworkPerson => p !== undefined),
      );
      if (friend !== undefined) return { me, threadId: thread.id, other, friend };
    }
  }
  throw new Error('The network file has no one-to-one thread of a personal account to grow.');
}
