import type { Db } from '../../storage/db';

export type NuxEvent = 'view' | 'dismiss';

/**
 * First view and first dismissal are kept (coalesce): a later view never
 * un-dismisses, and dismissing implies having seen it.
 */
export async function recordNuxEvent(
  db: Db,
  personId: string,
  nuxId: string,
  event: NuxEvent,
  now: number,
): Promise<void> {
  await db.transact((trx) =>
    trx
      .insertInto('nux_states')
      .values({
        person_id: personId,
        nux_id: nuxId,
        viewed_at: now,
        dismissed_at: event === 'dismiss' ? now : null,
      })
      .onConflict((oc) =>
        oc.columns(['person_id', 'nux_id']).doUpdateSet((eb) => ({
          viewed_at: eb.fn.coalesce('nux_states.viewed_at', 'excluded.viewed_at'),
          dismissed_at: eb.fn.coalesce('nux_states.dismissed_at', 'excluded.dismissed_at'),
        })),
      )
      .execute(),
  );
}

export interface NuxState {
  viewed: string[];
  dismissed: string[];
}

export async function readNuxState(db: Db, personId: string): Promise<NuxState> {
  const rows = await db.read((k) =>
    k
      .selectFrom('nux_states')
      .select(['nux_id', 'viewed_at', 'dismissed_at'])
      .where('person_id', '=', personId)
      .orderBy('id')
      .execute(),
  );
  return {
    viewed: rows.filter((r) => r.viewed_at !== null).map((r) => r.nux_id),
    dismissed: rows.filter((r) => r.dismissed_at !== null).map((r) => r.nux_id),
  };
}
