import type { NetworkMessage, NetworkThread } from '@messenger/core';
import type { DemoGraph } from './graph';
import type { DemoPerson } from './people';
import type { SeededRandom } from './random';
import { GROUP_NAMES, ROOM_NAMES, TEXTS, WORK_GROUP_NAMES } from './vocabulary';

const MINUTE = 60_000;

interface ThreadInput {
  kind: NetworkThread['kind'];
  name?: string | null;
  participants: string[];
  folders?: Record<string, string>;
  nicknames?: Record<string, string>;
  privacy_mode?: 0 | 1;
  /** Who may speak; the participants by default. */
  senders?: string[];
  messages: number;
  /** How long before now the conversation's last message was, at most. */
  withinDays: number;
}

/** The conversations of the demo network, with a history ending before `now`. */
export function demoThreads(
  random: SeededRandom,
  people: readonly DemoPerson[],
  graph: DemoGraph,
  now: number,
): NetworkThread[] {
  const threads: NetworkThread[] = [];
  const pairs = new Set<string>();
  const pairKey = (a: string, b: string): string => (a < b ? `${a} ${b}` : `${b} ${a}`);

  const history = (
    senders: readonly string[],
    count: number,
    withinDays: number,
  ): NetworkMessage[] => {
    let at = now - random.int(2, Math.max(3, withinDays * 24 * 60)) * MINUTE;
    const out: NetworkMessage[] = [];
    for (let i = 0; i < count; i++) {
      out.push({
        from: random.pick(senders),
        text: random.pick(TEXTS),
        at: new Date(at).toISOString(),
      });
      at -= random.int(1, 240) * MINUTE;
    }
    return out.reverse();
  };
  const add = (input: ThreadInput): void => {
    if (input.kind === 'one_to_one') {
      const [a = '', b = ''] = input.participants;
      if (pairs.has(pairKey(a, b))) return;
      pairs.add(pairKey(a, b));
    }
    threads.push({
      id: String(4_000_001 + threads.length),
      kind: input.kind,
      name: input.name ?? null,
      participants: input.participants,
      folders: input.folders ?? {},
      nicknames: input.nicknames ?? {},
      privacy_mode: input.privacy_mode ?? 1,
      messages: history(input.senders ?? input.participants, input.messages, input.withinDays),
    });
  };

  const ids = (filter: (p: DemoPerson) => boolean): string[] =>
    people.filter(filter).map((p) => p.person.id);
  const contactsOf = (id: string): string[] =>
    graph.contacts.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : []));
  const living = new Set(ids((p) => p.kind !== 'memorialized'));

  // Each hub talks with many of its friends (or contacts): a lively sidebar and inbox.
  for (const hub of people.filter((p) => p.hub && p.kind !== 'memorialized')) {
    const id = hub.person.id;
    const partners = [...(graph.friendsOf.get(id) ?? []), ...contactsOf(id)].filter((x) =>
      living.has(x),
    );
    for (const [n, other] of random.sample(partners, random.int(18, 26)).entries()) {
      add({
        kind: 'one_to_one',
        participants: [id, other],
        nicknames: n === 0 ? { [other]: 'Bestie' } : {},
        messages: random.int(3, 18),
        withinDays: n < 5 ? 1 : 20,
      });
    }
  }

  // Friends who talk among themselves.
  for (const [a, b] of random.sample(graph.friendships, 120)) {
    add({ kind: 'one_to_one', participants: [a, b], messages: random.int(2, 10), withinDays: 40 });
  }

  const personalHub = ids((p) => p.hub && p.kind === 'personal')[0];
  const social = ids((p) => p.kind === 'personal' || p.kind === 'employee');
  GROUP_NAMES.forEach((name, i) => {
    const members = random.sample(social, random.int(3, 7));
    const withHub = personalHub !== undefined && i % 3 !== 2 ? [personalHub] : [];
    const participants = [...new Set([...withHub, ...members])];
    add({
      kind: 'group',
      // A few groups have no name: their title comes from the participants.
      name: i % 5 === 4 ? null : name,
      participants,
      nicknames: i === 0 && personalHub !== undefined ? { [personalHub]: 'Captain' } : {},
      messages: random.int(6, 30),
      withinDays: 10,
    });
  });

  const firstCompany = people.find((p) => p.person.company !== null)?.person.company ?? null;
  const coworkers = ids((p) => p.person.company !== null && p.person.company === firstCompany);
  const workHubs = ids((p) => p.hub && p.person.company === firstCompany);
  for (const name of WORK_GROUP_NAMES) {
    const participants = [...new Set([...workHubs, ...random.sample(coworkers, random.int(3, 8))])];
    add({ kind: 'group', name, participants, messages: random.int(8, 30), withinDays: 5 });
  }

  // Rooms (privacy_mode 0): their audience search lists who is in them.
  for (const name of ROOM_NAMES) {
    const participants = [
      ...new Set([
        ...(personalHub ? [personalHub] : []),
        ...random.sample(social, random.int(6, 12)),
      ]),
    ];
    add({
      kind: 'group',
      name,
      participants,
      privacy_mode: 0,
      messages: random.int(5, 20),
      withinDays: 15,
    });
  }

  addPageThreads(random, graph, social, coworkers, add);
  addRequests(random, people, graph, add);
  return threads;
}

function addPageThreads(
  random: SeededRandom,
  graph: DemoGraph,
  social: readonly string[],
  coworkers: readonly string[],
  add: (input: ThreadInput) => void,
): void {
  for (const page of graph.pages) {
    if (page.category === 'MEETING_ROOM') continue;
    const writers = random.sample(page.category === 'PAGE' ? social : coworkers, random.int(2, 4));
    for (const [n, writer] of writers.entries()) {
      if (page.admins.includes(writer)) continue;
      // Some are answered by the page; the rest wait unread in the page's inbox (its badge).
      const answered = n % 2 === 1;
      add({
        kind: 'one_to_one',
        participants: [writer, page.id],
        senders: answered ? [writer, page.id] : [writer],
        messages: random.int(1, 5),
        withinDays: 7,
      });
    }
  }
}

/** Message requests (PENDING) and filtered conversations (OTHER) from strangers. */
function addRequests(
  random: SeededRandom,
  people: readonly DemoPerson[],
  graph: DemoGraph,
  add: (input: ThreadInput) => void,
): void {
  const targets = people.filter((p) => p.hub && (p.kind === 'personal' || p.kind === 'work'));
  for (const target of targets) {
    const id = target.person.id;
    const friends = graph.friendsOf.get(id) ?? new Set<string>();
    const strangers = people
      .filter((p) => p.person.id !== id && !friends.has(p.person.id) && p.kind !== 'memorialized')
      .map((p) => p.person.id);
    const chosen = random.sample(strangers, 9);
    for (const [n, stranger] of chosen.entries()) {
      add({
        kind: 'one_to_one',
        participants: [stranger, id],
        folders: { [id]: n < 6 ? 'PENDING' : 'OTHER' },
        senders: [stranger],
        messages: random.int(1, 3),
        withinDays: 12,
      });
    }
  }
}
