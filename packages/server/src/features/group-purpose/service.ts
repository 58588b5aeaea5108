import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { Database } from '../../storage/database';
import type { Viewer } from '../accounts/viewer';
import type { GroupPurposeParams } from '@messenger/core';
import { insertGroupPurpose } from './repo';

/**
 * Everyone invited must be a live work account of the viewer's own company
 * (never the viewer): ids are checked in order and the first bad one is named.
 */
async function checkCoworkers(
  trx: Transaction<Database>,
  viewer: Viewer,
  ids: readonly number[],
): Promise<string[]> {
  const wanted = ids.map(String);
  if (wanted.length === 0) return [];
  const rows = await trx
    .selectFrom('people')
    .select('id')
    .where('id', 'in', [...new Set(wanted)])
    .where('account', '=', 'work')
    .where('company_id', '=', viewer.companyId)
    .where('memorialized', '=', 0)
    .execute();
  const coworkers = new Set(rows.map((r) => r.id));
  const seen = new Set<string>();
  wanted.forEach((id, i) => {
    const field = `coworkers_to_invite[${String(i)}]`;
    if (id === viewer.id || !coworkers.has(id)) throw badRequest(field, 'Not a coworker of yours.');
    if (seen.has(id)) throw badRequest(field, 'Listed more than once.');
    seen.add(id);
  });
  return wanted;
}

export async function saveGroupPurpose(
  ctx: AppContext,
  viewer: Viewer,
  params: GroupPurposeParams,
): Promise<string> {
  // A community is a company's workplace: only the viewer's own can be named.
  if (params.community !== undefined && params.community !== viewer.companyId) {
    throw badRequest('community', 'Not your community.');
  }
  return ctx.db.transact(async (trx) => {
    const coworkers = await checkCoworkers(trx, viewer, params.coworkers_to_invite);
    return insertGroupPurpose(trx, viewer.id, params, coworkers, ctx.clock.now());
  });
}
