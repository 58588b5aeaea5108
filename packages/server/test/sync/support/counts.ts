import { sql } from 'kysely';
import { withSyncTables } from '../../../src/storage/tables/sync';
import type { Db } from '../../../src/storage/db';

export type CountedTable =
  'messages' | 'threads' | 'thread_participants' | 'delta_log' | 'user_sync' | 'blocks';

export async function countRows(db: Db, table: CountedTable): Promise<number> {
  const row = await withSyncTables(db.kysely)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Row counts of everything a messaging write touches, to prove a refused write left nothing. */
export async function snapshotCounts(db: Db): Promise<Record<CountedTable, number>> {
  const tables: CountedTable[] = [
    'messages',
    'threads',
    'thread_participants',
    'delta_log',
    'user_sync',
    'blocks',
  ];
  const out = {} as Record<CountedTable, number>;
  for (const table of tables) out[table] = await countRows(db, table);
  return out;
}

/** Every delta of a user's log, oldest first, parsed. */
export async function logOf(
  db: Db,
  userId: string,
): Promise<{ seq: number; delta: { kind: string } }[]> {
  const rows = await withSyncTables(db.kysely)
    .selectFrom('delta_log as d')
    .leftJoin('delta_log as holder', 'holder.id', 'd.payload_of')
    .select(['d.seq', sql<string>`coalesce(holder.payload, d.payload)`.as('payload')])
    .where('d.user_id', '=', userId)
    .orderBy('d.seq')
    .execute();
  return rows.map((r) => ({ seq: r.seq, delta: JSON.parse(r.payload) as { kind: string } }));
}
