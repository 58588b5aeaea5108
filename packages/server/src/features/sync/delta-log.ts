import type { Delta } from '@messenger/core';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../storage/database';
import type { Db } from '../../storage/db';
import { storesOf } from '../../storage/stores';
import type { AppendOptions, DeltaEntry, DeltaNote, StoredDelta } from '../../storage/delta-log';
import { withSyncTables } from '../../storage/tables/sync';

/**
 * The per-user delta log (DESIGN.md section 2-3). `appendDeltas` runs inside
 * the transaction of the change it describes: each user's head (user_sync)
 * moves by the number of their new deltas and holds that user's row until
 * commit, so seqs are handed out without gaps or duplicates on both SQLite
 * (one writer) and PostgreSQL (row lock). Users are locked in id order, so two
 * transactions touching the same users cannot deadlock on them. The rows are
 * appended to one table and linked per user (tables.ts; storage/sqlite/delta-log.ts, storage/postgres/delta-log.ts);
 * reads walk a user's links back from the head.
 */

export type { AckMark, DeltaEntry, DeltaNote, StoredDelta } from '../../storage/delta-log';

/**
 * Appends inside `trx`, a transaction of `db`, through the dialect's
 * DeltaLog (storage/stores.ts): on SQLite statements straight on the
 * connection; on PostgreSQL one array-bound statement, with the caller's
 * `alongside` writes (AppendOptions) if any.
 */
export async function appendDeltas(
  trx: Transaction<Database>,
  entries: readonly DeltaEntry[],
  now: number,
  db: Db,
  { alongside, endsTransaction = false }: AppendOptions = {},
): Promise<DeltaNote[]> {
  if (entries.length === 0 && alongside === undefined) return [];
  const byUser = new Map<string, DeltaEntry[]>();
  for (const entry of entries) {
    const list = byUser.get(entry.userId);
    if (list === undefined) byUser.set(entry.userId, [entry]);
    else list.push(entry);
  }
  const userIds = [...byUser.keys()].sort();
  // A message's delta is one object shared by its recipients: serialized once.
  const payloads = new Map<Delta, string>();
  const payloadOf = (delta: Delta): string => {
    let payload = payloads.get(delta);
    if (payload === undefined) {
      payload = JSON.stringify(delta);
      payloads.set(delta, payload);
    }
    return payload;
  };
  const input = { byUser, userIds, payloadOf, now, alongside, endsTransaction };
  return storesOf(db).deltaLog.append(trx, input);
}

export interface LogState {
  head: number;
  pruned: number;
}

export async function readLogState(k: Kysely<Database>, userId: string): Promise<LogState> {
  const row = await withSyncTables(k)
    .selectFrom('user_sync')
    .select(['head_seq', 'pruned_seq'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { head: row?.head_seq ?? 0, pruned: row?.pruned_seq ?? 0 };
}

/** Where one delta of a user's log is: its seq and its delta_log row. */
export interface DeltaRef {
  seq: number;
  id: number;
}

/**
 * The user's chain from the head back to the first delta after `afterSeq`
 * (or after what was pruned, whichever is later), as a recursive query: each
 * step is a lookup by row id. It stops early where a link is missing or does
 * not lead to seq - 1 of the same user, which readers see as a gap.
 */
const chainOf = (userId: string, afterSeq: number) => sql`
  with recursive head as (
    select head_id, head_seq,
      case when pruned_seq > ${afterSeq} then pruned_seq else ${afterSeq} end as floor_seq
    from user_sync where user_id = ${userId}
  ), chain(id, seq, prev_id, floor_seq) as (
    select d.id, d.seq, d.prev_id, h.floor_seq from head h join delta_log d on d.id = h.head_id
    where d.user_id = ${userId} and d.seq = h.head_seq and d.seq > h.floor_seq
    union all
    select d.id, d.seq, d.prev_id, c.floor_seq from chain c join delta_log d on d.id = c.prev_id
    where d.user_id = ${userId} and d.seq = c.seq - 1 and d.seq > c.floor_seq
  )`;

/**
 * The user's deltas after `afterSeq`, oldest first, as far as the chain
 * holds: the first one's seq is afterSeq + 1 unless some were pruned (or a
 * link is missing). A replay reads this once, then the payloads in pages.
 */
export async function readDeltaPlan(
  k: Kysely<Database>,
  userId: string,
  afterSeq: number,
): Promise<DeltaRef[]> {
  const result = await sql<DeltaRef>`${chainOf(userId, afterSeq)}
    select id, seq from chain order by seq`.execute(k);
  return result.rows;
}

/** The deltas of these rows, oldest first (a payload stored once is read from its holder). */
export async function readPayloads(
  k: Kysely<Database>,
  ids: readonly number[],
): Promise<StoredDelta[]> {
  if (ids.length === 0) return [];
  return withSyncTables(k)
    .selectFrom('delta_log as d')
    .leftJoin('delta_log as holder', 'holder.id', 'd.payload_of')
    .select(['d.seq', sql<string>`coalesce(holder.payload, d.payload)`.as('payload')])
    .where('d.id', 'in', ids)
    .orderBy('d.seq')
    .execute();
}

/** What an ack over (afterSeq, uptoSeq] of a user's log marks delivered, per thread and actor. */
export interface AckMarkRange {
  ack_thread_id: string;
  ack_as: string;
  upto: number;
}

export async function readAckMarks(
  k: Kysely<Database>,
  userId: string,
  afterSeq: number,
  uptoSeq: number,
): Promise<AckMarkRange[]> {
  const result = await sql<AckMarkRange>`${chainOf(userId, afterSeq)}
    select d.ack_thread_id, d.ack_as, max(d.ack_seq) as upto
    from chain c join delta_log d on d.id = c.id
    where c.seq <= ${uptoSeq} and d.ack_thread_id is not null and d.ack_as is not null
    group by d.ack_thread_id, d.ack_as
    order by d.ack_thread_id, d.ack_as`.execute(k);
  return result.rows;
}

export interface RetentionPolicy {
  maxDeltas: number;
  maxAgeMs: number;
}

/**
 * Moves each user's window: beyond the newest `maxDeltas`, or older than
 * `maxAgeMs`, a delta is pruned (`pruned_seq` moves, so a hello that needs
 * it is told to resync). Rows are deleted by age, from the log's old end:
 * those past the count but younger than the age limit stay until then, as
 * nobody reads below `pruned_seq` (the walk stops there). Returns the
 * number of rows deleted.
 *
 * The old end is found in id order, with no index on `created_at`: ids grow
 * as rows are appended, so the rows old enough to go are a prefix of the
 * table, read up to its first row young enough to stay (an index kept for
 * pruning cost every appended row one more insert; ten per message in a group
 * of ten). A row out of time order (another node's clock, or rows copied in
 * user order by migration 007) ends the prefix early: what lies behind it goes
 * at a later prune. Each user's window moves to the newest seq of theirs in
 * the prefix before its rows go.
 */
export async function pruneDeltas(
  store: Db,
  policy: RetentionPolicy,
  now: number,
): Promise<number> {
  const db = withSyncTables(store.kysely);
  const cutoff = now - policy.maxAgeMs;
  await store.transact(async (trx) => {
    await withSyncTables(trx)
      .updateTable('user_sync')
      .set({ pruned_seq: sql<number>`head_seq - ${policy.maxDeltas}` })
      .where(sql<boolean>`head_seq - ${policy.maxDeltas} > pruned_seq`)
      .execute();
  });

  const cuts = new Map<string, number>();
  /** The last id of the old prefix; 0 while it is empty. */
  let lastOld = 0;
  for (let young = false; !young;) {
    const rows = await db
      .selectFrom('delta_log')
      .select(['id', 'user_id', 'seq', 'created_at'])
      .where('id', '>', lastOld)
      .orderBy('id')
      .limit(PRUNE_ROWS_PER_TRANSACTION)
      .execute();
    for (const row of rows) {
      if (row.created_at >= cutoff) {
        young = true;
        break;
      }
      lastOld = row.id;
      cuts.set(row.user_id, Math.max(cuts.get(row.user_id) ?? 0, row.seq));
    }
    if (rows.length < PRUNE_ROWS_PER_TRANSACTION) young = true;
  }
  if (lastOld === 0) return 0;

  // Users in id order, as appends lock them; the window moves before its rows go.
  const old = [...cuts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < old.length; i += 500) {
    await store.transact(async (trx) => {
      const t = withSyncTables(trx);
      for (const [userId, cut] of old.slice(i, i + 500)) {
        await t
          .updateTable('user_sync')
          .set({ pruned_seq: cut })
          .where('user_id', '=', userId)
          .where('pruned_seq', '<', cut)
          .execute();
      }
    });
  }
  let deleted = 0;
  for (;;) {
    // `created_at` again: on PostgreSQL a row with a lower id may have committed since the scan.
    const result = await store.transact((trx) =>
      withSyncTables(trx)
        .deleteFrom('delta_log')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('delta_log')
            .select('id')
            .where('id', '<=', lastOld)
            .where('created_at', '<', cutoff)
            .orderBy('id')
            .limit(PRUNE_ROWS_PER_TRANSACTION),
        )
        .executeTakeFirst(),
    );
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < PRUNE_ROWS_PER_TRANSACTION) return deleted;
  }
}

/** Rows read or deleted per statement: pruning never holds the writer long. */
const PRUNE_ROWS_PER_TRANSACTION = 5000;
