/**
 * Expectations computed from a network file itself, so tests on the example
 * network hold for any network (nothing depends on its names or ids).
 */

export interface ModelPerson {
  id: string;
  name: string;
  short_name: string;
  username: string;
  password: string;
  account: string;
  company?: string | null;
  employee?: boolean;
  memorialized?: boolean;
  can_receive_money?: boolean;
  gates?: string[];
}

export interface ModelThread {
  id: string;
  kind: string;
  name?: string | null;
  participants: string[];
  folders?: Record<string, string>;
  nicknames?: Record<string, string>;
  privacy_mode?: number;
  messages: Array<{ from: string; text: string; at: string }>;
}

export interface ModelNetwork {
  people: ModelPerson[];
  friendships: Array<[string, string]>;
  contacts: Array<[string, string]>;
  blocks: Array<[string, string]>;
  pages: Array<{ id: string; name: string; category: string; admins: string[] }>;
  threads: ModelThread[];
}

export function model(net: ModelNetwork) {
  const person = new Map(net.people.map((p) => [p.id, p]));
  const pageIds = new Set(net.pages.map((p) => p.id));
  const pairsOf = (pairs: Array<[string, string]>, id: string) =>
    new Set(pairs.flatMap(([a, b]) => (a === id ? [b] : b === id ? [a] : [])));
  const blockedWith = (id: string) => pairsOf(net.blocks, id);
  const listable = (viewer: string) => (id: string) =>
    id !== viewer && person.get(id)?.memorialized !== true && !blockedWith(viewer).has(id);

  const coworkers = (id: string): string[] => {
    const p = person.get(id);
    if (p?.account !== 'work' || p.company == null) return [];
    return net.people
      .filter((o) => o.account === 'work' && o.company === p.company && o.id !== id)
      .map((o) => o.id);
  };

  /** all_friends: friends, plus coworkers of a work viewer. */
  const friends = (id: string): Set<string> =>
    new Set([...pairsOf(net.friendships, id), ...coworkers(id)].filter(listable(id)));

  /** chat_buddylist: friends, coworkers and messenger contacts. */
  const buddies = (id: string): Set<string> =>
    new Set([...friends(id), ...[...pairsOf(net.contacts, id)].filter(listable(id))]);

  const folderOf = (t: ModelThread, id: string) => t.folders?.[id] ?? 'INBOX';

  const threads = (id: string, folder: string): ModelThread[] =>
    net.threads.filter((t) => t.participants.includes(id) && folderOf(t, id) === folder);

  /** Messages by others after the reader's own last message (the importer's read marks). */
  const unread = (t: ModelThread, id: string): number => {
    let lastOwn = -1;
    t.messages.forEach((m, i) => {
      if (m.from === id) lastOwn = i;
    });
    return t.messages.slice(lastOwn + 1).filter((m) => m.from !== id).length;
  };

  const adminedPages = (id: string) => net.pages.filter((p) => p.admins.includes(id));

  const badgingCount = (pageId: string) =>
    net.threads.filter((t) => t.participants.includes(pageId) && unread(t, pageId) > 0).length;

  return {
    person,
    pageIds,
    friends,
    buddies,
    threads,
    unread,
    adminedPages,
    badgingCount,
    coworkers,
  };
}
