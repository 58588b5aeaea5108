import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database';

/**
 * Who sees a person's presence: their friends and, for a work account, the
 * coworkers of their company (fb4c contacts count as friends), minus anyone
 * blocked in either direction. The relation is symmetric, so the same list
 * is whose presence the person sees.
 */
export async function presenceAudience(k: Kysely<Database>, personId: string): Promise<string[]> {
  const person = await k
    .selectFrom('people')
    .select(['account', 'company_id'])
    .where('id', '=', personId)
    .executeTakeFirst();
  if (person === undefined) return [];
  const friends = await k
    .selectFrom('friendships')
    .select('friend_id as id')
    .where('person_id', '=', personId)
    .execute();
  const ids = new Set(friends.map((row) => row.id));
  if (person.account === 'work' && person.company_id !== null) {
    const coworkers = await k
      .selectFrom('people')
      .select('id')
      .where('company_id', '=', person.company_id)
      .where('account', '=', 'work')
      .where('id', '<>', personId)
      .execute();
    for (const row of coworkers) ids.add(row.id);
  }
  if (ids.size === 0) return [];
  const blocks = await k
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([eb('blocker_id', '=', personId), eb('blocked_id', '=', personId)]))
    .execute();
  for (const row of blocks)
    ids.delete(row.blocker_id === personId ? row.blocked_id : row.blocker_id);
  return [...ids].sort();
}
