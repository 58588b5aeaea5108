import {
  aspectOf,
  flattenName,
  formatZodIssue,
  graphChangesSchema,
  type GraphAspect,
  type GraphChange,
} from '@messenger/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { Database } from '../../storage/database';
import { commitWithDeltas } from '../sync/commit';

export interface GraphChangeResult {
  applied: number;
  /** People whose devices were sent a graph_changed delta. */
  notified: number;
}

type Trx = Kysely<Database>;

/** One direction of a friendship or contact (both are stored); the rows it changed. */
async function writePair(
  trx: Trx,
  type: 'friendship' | 'contact',
  op: 'add' | 'remove',
  a: string,
  b: string,
): Promise<bigint> {
  if (op === 'add') {
    const insert =
      type === 'friendship'
        ? trx.insertInto('friendships').values({ person_id: a, friend_id: b })
        : trx.insertInto('contacts').values({ person_id: a, contact_id: b });
    const result = await insert.onConflict((oc) => oc.doNothing()).executeTakeFirst();
    return result.numInsertedOrUpdatedRows ?? 0n;
  }
  const result =
    type === 'friendship'
      ? await trx
          .deleteFrom('friendships')
          .where('person_id', '=', a)
          .where('friend_id', '=', b)
          .executeTakeFirst()
      : await trx
          .deleteFrom('contacts')
          .where('person_id', '=', a)
          .where('contact_id', '=', b)
          .executeTakeFirst();
  return result.numDeletedRows;
}

/** The people a batch names must exist (and not be deleted through SCIM). */
async function checkPeople(trx: Trx, changes: readonly GraphChange[]): Promise<void> {
  const named: { id: string; field: string }[] = [];
  changes.forEach((change, i) => {
    if ('person_id' in change)
      named.push({ id: change.person_id, field: `changes[${i}].person_id` });
    if ('other_id' in change) named.push({ id: change.other_id, field: `changes[${i}].other_id` });
  });
  if (named.length === 0) return;
  const rows = await trx
    .selectFrom('people')
    .select('id')
    .where(
      'id',
      'in',
      named.map((n) => n.id),
    )
    .where('deactivated', '<', 2)
    .execute();
  const known = new Set(rows.map((r) => r.id));
  const missing = named.find((n) => !known.has(n.id));
  if (missing !== undefined)
    throw badRequest(missing.field, `${missing.field}: there is no such person.`);
}

async function adminsOf(trx: Trx, pageId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('page_admins')
    .select('person_id')
    .where('page_id', '=', pageId)
    .execute();
  return rows.map((r) => r.person_id);
}

/**
 * Applies one change; returns the people whose lists it changed (a change
 * that was already so, such as adding an existing friendship, changes nobody).
 */
async function applyOne(trx: Trx, change: GraphChange, field: string): Promise<string[]> {
  switch (change.type) {
    case 'friendship':
    case 'contact': {
      const pairs = [
        [change.person_id, change.other_id],
        [change.other_id, change.person_id],
      ] as const;
      let touched = 0n;
      for (const [a, b] of pairs) touched += await writePair(trx, change.type, change.op, a, b);
      return touched > 0n ? [change.person_id, change.other_id] : [];
    }
    case 'block': {
      const result =
        change.op === 'add'
          ? await trx
              .insertInto('blocks')
              .values({ blocker_id: change.person_id, blocked_id: change.other_id })
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst()
              .then((r) => r.numInsertedOrUpdatedRows ?? 0n)
          : await trx
              .deleteFrom('blocks')
              .where('blocker_id', '=', change.person_id)
              .where('blocked_id', '=', change.other_id)
              .executeTakeFirst()
              .then((r) => r.numDeletedRows);
      return result > 0n ? [change.person_id, change.other_id] : [];
    }
    case 'page': {
      const admins = await adminsOf(trx, change.page_id);
      if (change.op === 'remove') {
        const result = await trx
          .deleteFrom('pages')
          .where('id', '=', change.page_id)
          .executeTakeFirst();
        if (result.numDeletedRows === 0n)
          throw badRequest(`${field}.page_id`, `${field}.page_id: there is no such page.`);
        // page_admins rows go with it (foreign key, on delete cascade).
        return admins;
      }
      const existing = await trx
        .selectFrom('pages')
        .select('id')
        .where('id', '=', change.page_id)
        .executeTakeFirst();
      if (existing === undefined) {
        if (change.name === undefined)
          throw badRequest(`${field}.name`, `${field}.name: a new page needs a name.`);
        await trx
          .insertInto('pages')
          .values({
            id: change.page_id,
            name: change.name,
            name_flat: flattenName(change.name),
            category: change.category ?? 'PAGE',
            verified: change.verified === true ? 1 : 0,
            commerce: change.commerce === true ? 1 : 0,
          })
          .execute();
        return admins;
      }
      await trx
        .updateTable('pages')
        .set({
          ...(change.name === undefined
            ? {}
            : { name: change.name, name_flat: flattenName(change.name) }),
          ...(change.category === undefined ? {} : { category: change.category }),
          ...(change.verified === undefined ? {} : { verified: change.verified ? 1 : 0 }),
          ...(change.commerce === undefined ? {} : { commerce: change.commerce ? 1 : 0 }),
        })
        .where('id', '=', change.page_id)
        .execute();
      return admins;
    }
    case 'page_admin': {
      const page = await trx
        .selectFrom('pages')
        .select('id')
        .where('id', '=', change.page_id)
        .executeTakeFirst();
      if (page === undefined)
        throw badRequest(`${field}.page_id`, `${field}.page_id: there is no such page.`);
      const count =
        change.op === 'add'
          ? await trx
              .insertInto('page_admins')
              .values({ page_id: change.page_id, person_id: change.person_id })
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst()
              .then((r) => r.numInsertedOrUpdatedRows ?? 0n)
          : await trx
              .deleteFrom('page_admins')
              .where('page_id', '=', change.page_id)
              .where('person_id', '=', change.person_id)
              .executeTakeFirst()
              .then((r) => r.numDeletedRows);
      return count > 0n ? [change.person_id] : [];
    }
  }
}

/**
 * Applies a batch of graph changes in one transaction (all or nothing; a
 * 400 names the change and field at fault) and, in the same transaction,
 * appends a graph_changed delta for every person whose lists changed, so
 * their open sidebars read them again at once.
 */
export async function applyGraphChanges(ctx: AppContext, raw: unknown): Promise<GraphChangeResult> {
  const parsed = graphChangesSchema.safeParse(raw);
  if (!parsed.success) {
    const { field, message } = formatZodIssue(parsed.error);
    throw badRequest(
      field === '' ? 'body' : field,
      field === '' ? message : `${field}: ${message}`,
    );
  }
  const { changes } = parsed.data;
  return commitWithDeltas(ctx, async (trx, sink) => {
    await checkPeople(trx, changes);
    const aspects = new Map<string, Set<GraphAspect>>();
    for (const [i, change] of changes.entries()) {
      for (const personId of await applyOne(trx, change, `changes[${i}]`)) {
        const set = aspects.get(personId) ?? new Set<GraphAspect>();
        set.add(aspectOf(change));
        aspects.set(personId, set);
      }
    }
    for (const [userId, set] of aspects) {
      sink.add({ userId, delta: { kind: 'graph_changed', aspects: [...set].sort() } });
    }
    return { applied: changes.length, notified: aspects.size };
  });
}
