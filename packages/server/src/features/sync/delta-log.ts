import type { Delta } from '@messenger/core';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../storage/database';
import type { Db, DirectSql } from '../../storage/db';
import { withSyncTables, type SyncDatabase } from './tables';

/**
 * The per-user delta log (DESIGN.md section 2-3). `appendDeltas` runs inside
 * the transaction of the change it describes: each user's head moves by the
 * number of their new deltas in one upsert, which holds that user's row until
 * commit, so seqs are handed out without gaps or duplicates on both SQLite
 * (one writer) and PostgreSQL (row lock). Users are locked in id order, so two
 * transactions touching the same users cannot deadlock on them.
 */

export interface AckMark {
  threadId: string;
  /** The participant the user receives the message as: themselves or a page they administer. */
  as: string;
  seqInThread: number;
}

export interface DeltaEntry {
  userId: string;
  delta: Delta;
  /** Set for a message the user received from someone else: its ack marks it delivered. */
  ack?: AckMark;
}

export interface StoredDelta {
  seq: number;
  /** The delta's JSON, sent to clients verbatim. */
  payload: string;
}

/** "User U's log reached seq N", with the newest deltas inline so nodes can push without a read. */
export interface DeltaNote {
  userId: string;
  seq: number;
  deltas: StoredDelta[];
}

/**
 * `direct`: the SQLite connection's statements (Db.direct), run inside `trx`;
 * undefined only on PostgreSQL, where the rows go in two array-bound statements.
 */
export async function appendDeltas(
  trx: Transaction<Database>,
  entries: readonly DeltaEntry[],
  now: number,
  direct: DirectSql | undefined,
): Promise<DeltaNote[]> {
  if (entries.length === 0) return [];
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
  if (direct !== undefined) return appendDirect(direct, byUser, userIds, payloadOf, now);
  return appendArrays(withSyncTables(trx), byUser, userIds, payloadOf, now);
}

/**
 * PostgreSQL: one statement. Arrays bound as parameters (`unnest`) keep it
 * short whatever the batch's size, so PostgreSQL parses and plans it in no
 * time (a VALUES list of thousands of parameters cost more than the rows'
 * writing). The heads' upsert feeds the deltas' insert in the same statement:
 * a delta's seq is its user's new head minus the user's count plus its rank.
 * Each distinct payload is bound once.
 */
async function appendArrays(
  db: Kysely<SyncDatabase>,
  byUser: ReadonlyMap<string, DeltaEntry[]>,
  userIds: readonly string[],
  payloadOf: (delta: Delta) => string,
  now: number,
): Promise<DeltaNote[]> {
  const counts = userIds.map((userId) => byUser.get(userId)?.length ?? 0);
  const payloads: string[] = [];
  const payloadIndex = new Map<string, number>();
  const rows = {
    user_id: [] as string[],
    rank: [] as number[],
    count: [] as number[],
    payload: [] as number[],
    ack_thread_id: [] as (string | null)[],
    ack_as: [] as (string | null)[],
    ack_seq: [] as (number | null)[],
  };
  for (const [u, userId] of userIds.entries()) {
    const list = byUser.get(userId) ?? [];
    list.forEach((entry, index) => {
      const payload = payloadOf(entry.delta);
      let at = payloadIndex.get(payload);
      if (at === undefined) {
        at = payloads.push(payload); // PostgreSQL arrays count from 1
        payloadIndex.set(payload, at);
      }
      rows.user_id.push(userId);
      rows.rank.push(index + 1);
      rows.count.push(counts[u] ?? 0);
      rows.payload.push(at);
      rows.ack_thread_id.push(entry.ack?.threadId ?? null);
      rows.ack_as.push(entry.ack?.as ?? null);
      rows.ack_seq.push(entry.ack?.seqInThread ?? null);
    });
  }
  const headRows = await sql<{ user_id: string; head_seq: number }>`
    with heads as (
      insert into user_sync (user_id, head_seq, pruned_seq)
      select u.user_id, u.n, 0 from unnest(${userIds}::text[], ${counts}::bigint[]) as u(user_id, n)
      order by u.user_id
      on conflict (user_id) do update set head_seq = user_sync.head_seq + excluded.head_seq
      returning user_id, head_seq
    ), written as (
      insert into user_deltas (user_id, seq, payload, created_at, ack_thread_id, ack_as, ack_seq)
      select d.user_id, h.head_seq - d.n + d.k, (${payloads}::text[])[d.p], ${now}::bigint,
        d.ack_thread_id, d.ack_as, d.ack_seq
      from unnest(${rows.user_id}::text[], ${rows.rank}::bigint[], ${rows.count}::bigint[],
        ${rows.payload}::integer[], ${rows.ack_thread_id}::text[], ${rows.ack_as}::text[],
        ${rows.ack_seq}::integer[]) as d(user_id, k, n, p, ack_thread_id, ack_as, ack_seq)
      join heads h on h.user_id = d.user_id
    )
    select user_id, head_seq from heads`.execute(db);
  const heads = new Map<string, number>();
  for (const row of headRows.rows) heads.set(row.user_id, row.head_seq);

  return userIds.map((userId) => {
    const list = byUser.get(userId) ?? [];
    const head = heads.get(userId);
    if (head === undefined) throw new Error(`no head returned for user ${userId}`);
    return {
      userId,
      seq: head,
      deltas: list.map((entry, index) => ({
        seq: head - list.length + 1 + index,
        payload: payloadOf(entry.delta),
      })),
    };
  });
}

/**
 * Rows per statement on SQLite: a call into better-sqlite3 costs about as much
 * as SQLite's own work for one of these rows, so they go in groups. The
 * statements for 1..ROWS_PER_STATEMENT rows are prepared once each (Db's
 * statement cache).
 */
const ROWS_PER_STATEMENT = 16;

const upsertHeads = (n: number): string =>
  `insert into user_sync (user_id, head_seq, pruned_seq) values ${Array(n).fill('(?, ?, 0)').join(', ')}
  on conflict (user_id) do update set head_seq = user_sync.head_seq + excluded.head_seq
  returning user_id, head_seq`;
const insertDeltas = (n: number): string =>
  `insert into user_deltas (user_id, seq, payload, created_at, ack_thread_id, ack_as, ack_seq)
  values ${Array(n).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ')}`;

/** The same rows as the PostgreSQL path, a few statements run straight on the connection. */
function appendDirect(
  direct: DirectSql,
  byUser: ReadonlyMap<string, DeltaEntry[]>,
  userIds: readonly string[],
  payloadOf: (delta: Delta) => string,
  now: number,
): DeltaNote[] {
  const heads = new Map<string, number>();
  for (let i = 0; i < userIds.length; i += ROWS_PER_STATEMENT) {
    const chunk = userIds.slice(i, i + ROWS_PER_STATEMENT);
    const params = chunk.flatMap((userId) => [userId, byUser.get(userId)?.length ?? 0]);
    // RETURNING's order is unspecified: rows are matched by user id.
    const rows = direct.all(upsertHeads(chunk.length), params) as {
      user_id: string;
      head_seq: number;
    }[];
    for (const row of rows) heads.set(row.user_id, row.head_seq);
  }

  const notes: DeltaNote[] = [];
  let pending: (string | number | null)[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    direct.run(insertDeltas(pending.length / 7), pending);
    pending = [];
  };
  for (const userId of userIds) {
    const list = byUser.get(userId) ?? [];
    const head = heads.get(userId);
    if (head === undefined) throw new Error(`no head returned for user ${userId}`);
    const note: DeltaNote = { userId, seq: head, deltas: [] };
    let seq = head - list.length;
    for (const entry of list) {
      seq += 1;
      const payload = payloadOf(entry.delta);
      note.deltas.push({ seq, payload });
      const ack = entry.ack;
      pending.push(
        userId,
        seq,
        payload,
        now,
        ack?.threadId ?? null,
        ack?.as ?? null,
        ack?.seqInThread ?? null,
      );
      if (pending.length === ROWS_PER_STATEMENT * 7) flush();
    }
    notes.push(note);
  }
  flush();
  return notes;
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

/** Deltas after `afterSeq`, oldest first, at most `limit`. */
export async function readDeltas(
  k: Kysely<Database>,
  userId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredDelta[]> {
  const rows = await withSyncTables(k)
    .selectFrom('user_deltas')
    .select(['seq', 'payload'])
    .where('user_id', '=', userId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ seq: row.seq, payload: row.payload }));
}

export interface RetentionPolicy {
  maxDeltas: number;
  maxAgeMs: number;
}

/**
 * Drops what falls out of each user's window: beyond the newest `maxDeltas`,
 * or older than `maxAgeMs`. `pruned_seq` moves in the same transaction, so a
 * hello that would need a dropped delta is told to resync instead.
 */
export async function pruneDeltas(
  store: Db,
  policy: RetentionPolicy,
  now: number,
): Promise<number> {
  const db = withSyncTables(store.kysely);
  const cuts = new Map<string, number>();
  const overCount = await db
    .selectFrom('user_sync')
    .select(['user_id', sql<number>`head_seq - ${policy.maxDeltas}`.as('cut')])
    .where(sql<boolean>`head_seq - ${policy.maxDeltas} > pruned_seq`)
    .execute();
  for (const row of overCount) cuts.set(row.user_id, row.cut);
  const old = await db
    .selectFrom('user_deltas')
    .select(['user_id', (eb) => eb.fn.max('seq').as('cut')])
    .where('created_at', '<', now - policy.maxAgeMs)
    .groupBy('user_id')
    .execute();
  for (const row of old) {
    const cut = row.cut;
    if (cut > (cuts.get(row.user_id) ?? 0)) cuts.set(row.user_id, cut);
  }

  let deleted = 0;
  // Id order, as appendDeltas locks them.
  const users = [...cuts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < users.length; i += 100) {
    deleted += await store.transact(async (trx) => {
      const t = withSyncTables(trx);
      let count = 0;
      for (const [userId, cut] of users.slice(i, i + 100)) {
        await t
          .updateTable('user_sync')
          .set({ pruned_seq: cut })
          .where('user_id', '=', userId)
          .where('pruned_seq', '<', cut)
          .execute();
        const result = await t
          .deleteFrom('user_deltas')
          .where('user_id', '=', userId)
          .where('seq', '<=', cut)
          .executeTakeFirst();
        count += Number(result.numDeletedRows);
      }
      return count;
    });
  }
  return deleted;
}
