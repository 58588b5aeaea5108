import type { ParticipantKind } from '../../storage/tables/network';
import type { K } from './repo';

/** People, pages and how people relate (friends, contacts, blocks), for the messaging rules. */

/** page id → its admins (person ids). */
export async function pageAdmins(k: K, pageIds: readonly string[]): Promise<Map<string, string[]>> {
  const admins = new Map<string, string[]>();
  if (pageIds.length === 0) return admins;
  const rows = await k
    .selectFrom('page_admins')
    .select(['page_id', 'person_id'])
    .where('page_id', 'in', [...new Set(pageIds)])
    .orderBy('person_id')
    .execute();
  for (const row of rows) {
    const list = admins.get(row.page_id);
    if (list === undefined) admins.set(row.page_id, [row.person_id]);
    else list.push(row.person_id);
  }
  return admins;
}

export interface PartyRecord {
  id: string;
  kind: ParticipantKind;
  memorialized: boolean;
  /** Work company of a work account, else null. */
  workCompanyId: string | null;
}

/** A person or a page by id, or undefined when neither exists. */
export async function findParty(k: K, id: string): Promise<PartyRecord | undefined> {
  const person = await k
    .selectFrom('people')
    .select(['id', 'memorialized', 'account', 'company_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (person !== undefined) {
    return {
      id,
      kind: 'person',
      memorialized: person.memorialized === 1,
      workCompanyId: person.account === 'work' ? person.company_id : null,
    };
  }
  const page = await k.selectFrom('pages').select('id').where('id', '=', id).executeTakeFirst();
  return page === undefined
    ? undefined
    : { id, kind: 'page', memorialized: false, workCompanyId: null };
}

/** People among `ids`, with what the folder rule needs. */
export async function findPeople(k: K, ids: readonly string[]): Promise<Map<string, PartyRecord>> {
  const out = new Map<string, PartyRecord>();
  if (ids.length === 0) return out;
  const rows = await k
    .selectFrom('people')
    .select(['id', 'memorialized', 'account', 'company_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  for (const row of rows) {
    out.set(row.id, {
      id: row.id,
      kind: 'person',
      memorialized: row.memorialized === 1,
      workCompanyId: row.account === 'work' ? row.company_id : null,
    });
  }
  return out;
}

/** Of `others`, those who are friends or messenger contacts of `personId`. */
export async function knownTo(
  k: K,
  personId: string,
  others: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  if (others.length === 0) return known;
  const unique = [...new Set(others)];
  const friends = await k
    .selectFrom('friendships')
    .select('friend_id as id')
    .where('person_id', '=', personId)
    .where('friend_id', 'in', unique)
    .execute();
  const contacts = await k
    .selectFrom('contacts')
    .select('contact_id as id')
    .where('person_id', '=', personId)
    .where('contact_id', 'in', unique)
    .execute();
  for (const row of [...friends, ...contacts]) known.add(row.id);
  return known;
}

/** Pairs (blocker, blocked) among the given people, in either direction. */
export async function blocksAmong(
  k: K,
  personId: string,
  others: readonly string[],
): Promise<{ blockedBy: Set<string>; blocking: Set<string> }> {
  const blockedBy = new Set<string>();
  const blocking = new Set<string>();
  if (others.length === 0) return { blockedBy, blocking };
  const unique = [...new Set(others)];
  const rows = await k
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', personId), eb('blocked_id', 'in', unique)]),
        eb.and([eb('blocked_id', '=', personId), eb('blocker_id', 'in', unique)]),
      ]),
    )
    .execute();
  for (const row of rows) {
    if (row.blocker_id === personId) blocking.add(row.blocked_id);
    else blockedBy.add(row.blocker_id);
  }
  return { blockedBy, blocking };
}
