import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { withSyncTables } from '../../storage/tables/sync';
import { parseInput } from './input';
import { findPeople } from './relations-repo';

const input = z.object({ person_id: z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.') });

async function checkPerson(ctx: AppContext, viewer: Viewer, personId: string): Promise<void> {
  if (personId === viewer.id)
    throw badRequest('person_id', 'person_id: you cannot block yourself.');
  const people = await ctx.db.read((k) => findPeople(withSyncTables(k), [personId]));
  if (!people.has(personId)) throw badRequest('person_id', 'person_id: there is no such person.');
}

/**
 * Blocks a person: in one-to-one conversations neither can write to the
 * other (error `blocked`), they cannot add each other to groups, and they
 * stop seeing each other's presence and typing. Idempotent.
 */
export async function blockPerson(ctx: AppContext, viewer: Viewer, raw: unknown): Promise<void> {
  const { person_id } = parseInput(input, raw);
  await checkPerson(ctx, viewer, person_id);
  await ctx.db.transact((trx) =>
    trx
      .insertInto('blocks')
      .values({ blocker_id: viewer.id, blocked_id: person_id })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute(),
  );
}

export async function unblockPerson(ctx: AppContext, viewer: Viewer, raw: unknown): Promise<void> {
  const { person_id } = parseInput(input, raw);
  await checkPerson(ctx, viewer, person_id);
  await ctx.db.transact((trx) =>
    trx
      .deleteFrom('blocks')
      .where('blocker_id', '=', viewer.id)
      .where('blocked_id', '=', person_id)
      .execute(),
  );
}
