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
