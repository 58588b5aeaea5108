import type { NetworkGame, NetworkPage, NetworkPair } from '@messenger/core';
import type { DemoPerson } from './people';
import type { SeededRandom } from './random';
import { BOT_NAMES, GAME_NAMES, MEETING_ROOM_NAMES, PAGE_NAMES } from './vocabulary';

export interface DemoGraph {
  friendships: NetworkPair[];
  contacts: NetworkPair[];
  blocks: NetworkPair[];
  pages: NetworkPage[];
  games: NetworkGame[];
  /** Friend ids of each person, for the conversations that follow. */
  friendsOf: Map<string, Set<string>>;
}

class PairSet {
  readonly pairs: NetworkPair[] = [];
  private readonly keys = new Set<string>();

  static key(a: string, b: string): string {
    return a < b ? `${a} ${b}` : `${b} ${a}`;
  }

  has(a: string, b: string): boolean {
    return this.keys.has(PairSet.key(a, b));
  }

  add(a: string, b: string): void {
    if (a === b || this.has(a, b)) return;
    this.keys.add(PairSet.key(a, b));
    this.pairs.push([a, b]);
  }
}

/** People with a host-network profile make friends; messenger-only and Instagram people have contacts. */
const hasProfile = (p: DemoPerson): boolean =>
  p.kind !== 'messenger_only' && p.kind !== 'instagram';

export function demoGraph(
  random: SeededRandom,
  people: readonly DemoPerson[],
  birthdayIds: readonly string[],
): DemoGraph {
  const friends = new PairSet();
  const social = people.filter(hasProfile);
  const socialIds = social.map((p) => p.person.id);

  for (const { person, hub } of social) {
    const count = hub ? random.int(45, 70) : random.int(4, 9);
    for (const other of random.sample(socialIds, count)) friends.add(person.id, other);
  }
  const personalHub = people.find((p) => p.hub && p.kind === 'personal');
  if (personalHub) for (const id of birthdayIds) friends.add(personalHub.person.id, id);
  // Coworkers are fb4c contacts anyway; some are also friends.
  for (const a of people) {
    for (const b of people) {
      const same = a.person.company !== null && a.person.company === b.person.company;
      if (same && a.person.id < b.person.id && random.chance(0.2))
        friends.add(a.person.id, b.person.id);
    }
  }

  const contacts = new PairSet();
  const hubs = people.filter((p) => p.hub && hasProfile(p)).map((p) => p.person.id);
  for (const p of people.filter((x) => !hasProfile(x))) {
    for (const other of [
      ...random.sample(socialIds, random.int(2, 5)),
      ...random.sample(hubs, 2),
    ]) {
      if (!friends.has(p.person.id, other)) contacts.add(p.person.id, other);
    }
  }

  const blocks: NetworkPair[] = [];
  if (personalHub) {
    const stranger = social.find(
      (p) => p.kind === 'personal' && !p.hub && !friends.has(p.person.id, personalHub.person.id),
    );
    if (stranger) blocks.push([personalHub.person.id, stranger.person.id]);
  }
  const [blocker, blocked] = random.sample(socialIds, 2);
  if (blocker !== undefined && blocked !== undefined) blocks.push([blocker, blocked]);

  const friendsOf = new Map<string, Set<string>>(people.map((p) => [p.person.id, new Set()]));
  for (const [a, b] of friends.pairs) {
    friendsOf.get(a)?.add(b);
    friendsOf.get(b)?.add(a);
  }
  return {
    friendships: friends.pairs,
    contacts: contacts.pairs,
    blocks,
    pages: demoPages(random, people),
    games: GAME_NAMES.map((name, i) => ({ id: String(3_000_001 + i), name })),
    friendsOf,
  };
}

function demoPages(random: SeededRandom, people: readonly DemoPerson[]): NetworkPage[] {
  const ids = (filter: (p: DemoPerson) => boolean): string[] =>
    people.filter(filter).map((p) => p.person.id);
  const personalHub = ids((p) => p.hub && p.kind === 'personal');
  const personal = ids((p) => p.kind === 'personal' && !p.hub);
  const staffAtWork = ids((p) => p.kind === 'employee_work');
  const firstCompany = people.find((p) => p.person.company !== null)?.person.company ?? null;
  const coworkers = ids((p) => p.person.company !== null && p.person.company === firstCompany);

  const pages: NetworkPage[] = [];
  const add = (name: string, category: NetworkPage['category'], admins: string[]): void => {
    pages.push({
      id: String(2_000_001 + pages.length),
      name,
      category,
      verified: pages.length % 3 === 0 || random.chance(0.3),
      commerce: category === 'PAGE' && (pages.length % 4 === 0 || random.chance(0.3)),
      admins: [...new Set(admins)],
    });
  };
  PAGE_NAMES.forEach((name, i) => {
    // The personal hub runs two pages: the sidebar's administered pages with their badges.
    const admins =
      i < 2
        ? [...personalHub, ...random.sample(personal, 1)]
        : random.sample(personal, random.int(1, 2));
    add(name, 'PAGE', admins);
  });
  for (const name of BOT_NAMES)
    add(name, 'WORKPLACE_BOT', [...staffAtWork.slice(0, 1), ...random.sample(coworkers, 1)]);
  for (const name of MEETING_ROOM_NAMES) add(name, 'MEETING_ROOM', random.sample(coworkers, 2));
  return pages;
}
