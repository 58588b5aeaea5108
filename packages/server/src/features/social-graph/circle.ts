import type { FriendshipStatus } from '@messenger/core';
import type { Db } from '../../storage/db';
import type { Viewer } from '../accounts/viewer';
import type { PersonRow } from './people-repo';

/**
 * How the viewer relates to everyone near them, loaded once per request. Every
 * list and search of people reads relationship, blocking and affinity from it.
 */
export interface ViewerCircle {
  viewerId: string;
  /** Company of a work viewer; null otherwise (then nobody is fb4c). */
  workCompanyId: string | null;
  friends: ReadonlySet<string>;
  contacts: ReadonlySet<string>;
  /** Blocked by the viewer or blocking the viewer: kept out of lists and search. */
  blocked: ReadonlySet<string>;
  /** Person → time of the newest thread shared with the viewer. */
  lastTalked: ReadonlyMap<string, number>;
  /** Person → the nickname the viewer's one-to-one thread gives them. */
  aliases: ReadonlyMap<string, string>;
  /** Person → the viewer's one-to-one thread with them. */
  directThreads: ReadonlyMap<string, string>;
}

interface SharedThreadRow {
  other_id: string;
  thread_id: string;
  kind: string;
  last_activity_at: number;
  nickname: string | null;
}

export async function loadCircle(db: Db, viewer: Viewer): Promise<ViewerCircle> {
  return db.read(async (k) => {
    const [friends, contacts, blocks, shared] = await Promise.all([
      k.selectFrom('friendships').select('friend_id').where('person_id', '=', viewer.id).execute(),
      k.selectFrom('contacts').select('contact_id').where('person_id', '=', viewer.id).execute(),
      k
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((eb) => eb.or([eb('blocker_id', '=', viewer.id), eb('blocked_id', '=', viewer.id)]))
        .execute(),
      k
        .selectFrom('thread_participants as me')
        .innerJoin('threads as t', 't.id', 'me.thread_id')
        .innerJoin('thread_participants as other', 'other.thread_id', 'me.thread_id')
        .select([
          'other.participant_id as other_id',
          't.id as thread_id',
          't.kind',
          't.last_activity_at',
          'other.nickname',
        ])
        .where('me.participant_id', '=', viewer.id)
        .where('me.hidden', '=', 0)
        .where('other.participant_kind', '=', 'person')
        .where('other.participant_id', '<>', viewer.id)
        .execute() as Promise<SharedThreadRow[]>,
    ]);

    const lastTalked = new Map<string, number>();
    const aliases = new Map<string, string>();
    const directThreads = new Map<string, string>();
    for (const row of shared) {
      const at = row.last_activity_at;
      if ((lastTalked.get(row.other_id) ?? -Infinity) < at) lastTalked.set(row.other_id, at);
      if (row.kind === 'one_to_one') {
        directThreads.set(row.other_id, row.thread_id);
        if (row.nickname !== null && row.nickname.trim() !== '') {
          aliases.set(row.other_id, row.nickname);
        }
      }
    }
    return {
      viewerId: viewer.id,
      workCompanyId: viewer.isWork ? viewer.companyId : null,
      friends: new Set(friends.map((r) => r.friend_id)),
      contacts: new Set(contacts.map((r) => r.contact_id)),
      blocked: new Set(
        blocks.map((r) => (r.blocker_id === viewer.id ? r.blocked_id : r.blocker_id)),
      ),
      lastTalked,
      aliases,
      directThreads,
    };
  });
}

/** True for a coworker of a work viewer (seed 6: fb4c contacts count as friends for work users). */
export function isCoworker(circle: ViewerCircle, person: PersonRow): boolean {
  return (
    circle.workCompanyId !== null &&
    person.account === 'work' &&
    person.company_id === circle.workCompanyId &&
    person.id !== circle.viewerId
  );
}

/** Friend first: a coworker who is also a listed friend shows as a friend. */
export function relationOf(circle: ViewerCircle, person: PersonRow): FriendshipStatus {
  if (circle.friends.has(person.id)) return 'friend';
  if (isCoworker(circle, person)) return 'fb4c';
  return 'non_friend';
}

/** Anyone the viewer may see in a list or search result at all. */
export function isListable(circle: ViewerCircle, person: PersonRow): boolean {
  return (
    person.memorialized === 0 && person.id !== circle.viewerId && !circle.blocked.has(person.id)
  );
}

/**
 * Affinity order (seed: "friends and recent conversations first"): friends
 * (and fb4c coworkers of a work viewer), then people the viewer has talked
 * with, then everyone else; within a tier the most recent conversation first,
 * then by flattened name, then id so that paging is stable.
 */
export function compareAffinity(circle: ViewerCircle): (a: PersonRow, b: PersonRow) => number {
  const tier = (p: PersonRow): number => (relationOf(circle, p) !== 'non_friend' ? 0 : 1);
  return (a, b) => {
    const byTier = tier(a) - tier(b);
    if (byTier !== 0) return byTier;
    const ta = circle.lastTalked.get(a.id) ?? -Infinity;
    const tb = circle.lastTalked.get(b.id) ?? -Infinity;
    if (ta !== tb) return tb > ta ? 1 : -1;
    if (a.name_flat !== b.name_flat) return a.name_flat < b.name_flat ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * A number that orders the same way as compareAffinity's first two keys, for
 * clients that rank a local cache by affinity (core localCache).
 */
export function affinityScore(circle: ViewerCircle, person: PersonRow): number {
  const friendly = relationOf(circle, person) !== 'non_friend';
  const talked = circle.lastTalked.get(person.id);
  return (friendly ? 2 : 0) + (talked === undefined ? 0 : 1 - 1 / (1 + talked / 1e12));
}
