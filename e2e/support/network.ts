import { readFileSync } from 'node:fs';

/** The parts of a network file (NETWORK_FORMAT.md) the tests choose people by. */
export interface NetworkPerson {
  id: string;
  name: string;
  short_name: string;
  username: string;
  password: string;
  account: 'personal' | 'work';
  company?: string;
  employee: boolean;
  messenger_only: boolean;
  memorialized: boolean;
  gates: string[];
}

export interface NetworkThread {
  id: string;
  kind: 'one_to_one' | 'group';
  name?: string | null;
  participants: string[];
  folders?: Record<string, string>;
  messages: { from: string; text: string; at: string }[];
}

export interface Network {
  people: NetworkPerson[];
  threads: NetworkThread[];
}

export function readNetwork(path: string): Network {
  return JSON.parse(readFileSync(path, 'utf8')) as Network;
}

/**
 * The first person matching `test`. Tests describe whom they need by
 * properties, never by name or id, so they run on any network file.
 */
export function pickPerson(
  network: Network,
  description: string,
  test: (person: NetworkPerson) => boolean,
): NetworkPerson {
  const person = network.people.find(test);
  if (person === undefined) {
    throw new Error(`The network file has no ${description}; the test needs one.`);
  }
  return person;
}

/** Someone who can log in: not memorialized. */
export const canLogIn = (person: NetworkPerson): boolean => !person.memorialized;

/** The first personal account of a non-employee who can log in. */
export function ordinaryPerson(network: Network): NetworkPerson {
  return pickPerson(
    network,
    'personal non-employee account',
    (p) => canLogIn(p) && p.account === 'personal' && !p.employee,
  );
}

/** A second ordinary person, other than `other`. */
export function anotherOrdinaryPerson(network: Network, other: NetworkPerson): NetworkPerson {
  return pickPerson(
    network,
    'second personal non-employee account',
    (p) => canLogIn(p) && p.account === 'personal' && !p.employee && p.id !== other.id,
  );
}

/** A thread `person` takes part in (in their inbox, when there is one). */
export function threadOf(network: Network, person: NetworkPerson): NetworkThread {
  const threads = network.threads.filter((t) => t.participants.includes(person.id));
  const inbox = threads.find((t) => (t.folders?.[person.id] ?? 'INBOX') === 'INBOX');
  const thread = inbox ?? threads[0];
  if (thread === undefined) throw new Error(`The network file has no thread of ${person.username}`);
  return thread;
}

/** Two people who share a one-to-one thread that is in both inboxes, and may message each other. */
export interface OneToOnePair {
  thread: NetworkThread;
  first: NetworkPerson;
  second: NetworkPerson;
}

/**
 * The first one-to-one thread between two people who can log in, in both
 * their inboxes, with no block between them. Chosen by properties only.
 */
export function oneToOnePair(network: Network & { blocks?: [string, string][] }): OneToOnePair {
  const people = new Map(network.people.map((p) => [p.id, p]));
  const blocked = (a: string, b: string) =>
    (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  for (const thread of network.threads) {
    if (thread.kind !== 'one_to_one') continue;
    const [a, b] = thread.participants.map((id) => people.get(id));
    if (a === undefined || b === undefined || !canLogIn(a) || !canLogIn(b)) continue;
    const inInbox = (p: NetworkPerson) => (thread.folders?.[p.id] ?? 'INBOX') === 'INBOX';
    if (!inInbox(a) || !inInbox(b) || blocked(a.id, b.id)) continue;
    return { thread, first: a, second: b };
  }
  throw new Error(
    'The network file has no one-to-one inbox thread between two people who can log in.',
  );
}

/**
 * A group thread with two of its members who can log in, and two friends of
 * the first: one they already have a one-to-one thread with, one they don't.
 */
export interface GroupWithFriends {
  group: NetworkThread;
  viewer: NetworkPerson;
  /** Another member of the group, in whose inbox it is too. */
  member: NetworkPerson;
  /** A friend of `viewer` who can log in and shares a one-to-one thread with them. */
  friend: NetworkPerson;
  /** A friend of `viewer` who can log in, with no one-to-one thread between them. */
  newFriend: NetworkPerson;
}

/**
 * The first person who can log in, has a group thread in their inbox shared
 * with another member who can log in (no block between them), and both kinds
 * of friends of `GroupWithFriends`. Chosen by properties only.
 */
export function groupMemberWithFriends(
  network: Network & { friendships?: [string, string][]; blocks?: [string, string][] },
): GroupWithFriends {
  const people = new Map(network.people.map((p) => [p.id, p]));
  const blocked = (a: string, b: string) =>
    (network.blocks ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const inInbox = (thread: NetworkThread, p: NetworkPerson) =>
    (thread.folders?.[p.id] ?? 'INBOX') === 'INBOX';
  const direct = (a: string, b: string) =>
    network.threads.find(
      (t) => t.kind === 'one_to_one' && t.participants.includes(a) && t.participants.includes(b),
    );
  for (const viewer of network.people) {
    if (!canLogIn(viewer)) continue;
    const friends = (network.friendships ?? [])
      .map(([a, b]) => (a === viewer.id ? b : b === viewer.id ? a : null))
      .map((id) => (id === null ? undefined : people.get(id)))
      .filter(
        (p): p is NetworkPerson => p !== undefined && canLogIn(p) && !blocked(viewer.id, p.id),
      );
    const friend = friends.find((f) => {
      const thread = direct(viewer.id, f.id);
      return thread !== undefined && inInbox(thread, viewer);
    });
    const newFriend = friends.find((f) => direct(viewer.id, f.id) === undefined);
    if (friend === undefined || newFriend === undefined) continue;
    for (const group of network.threads) {
      if (group.kind !== 'group' || !group.participants.includes(viewer.id)) continue;
      if (!inInbox(group, viewer)) continue;
      const member = group.participants
        .filter((id) => id !== viewer.id)
        .map((id) => people.get(id))
        .find(
          (p) => p !== undefined && canLogIn(p) && inInbox(group, p) && !blocked(viewer.id, p.id),
        );
      if (member !== undefined) return { group, viewer, member, friend, newFriend };
    }
  }
  throw new Error(
    'The network file has no group member with another member who can log in and two friends ' +
      '(one with a one-to-one thread, one without) who can log in.',
  );
}
