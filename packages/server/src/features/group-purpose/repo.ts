import type { Transaction } from 'kysely';
import type { Database } from '../../storage/database';
import type { GroupPurposeParams } from '@messenger/core';

/** Written inside the caller's transaction, after it has checked the coworkers. */
export async function insertGroupPurpose(
  trx: Transaction<Database>,
  personId: string,
  params: GroupPurposeParams,
  coworkerIds: readonly string[],
  now: number,
): Promise<string> {
  const row = await trx
    .insertInto('group_purposes')
    .values({
      person_id: personId,
      purpose: params.purpose,
      ref: params.ref,
      name: params.name ?? null,
      community: params.community ?? null,
      coworkers_to_invite: JSON.stringify(coworkerIds),
      back_disallowed: params.back_disallowed ? 1 : 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
