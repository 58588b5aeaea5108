import type { Delta } from '@messenger/core';
import { sql, type Kysely } from 'kysely';
import type { DirectSql } from '../../storage/db';
import { inGroups, placeholders } from '../../storage/direct-rows';
import { PREPARED } from '../../storage/prepared-statements';
import type { DeltaEntry, DeltaNote } from './delta-types';
import type { SyncDatabase } from './tables';

/**
 * Appending to the delta log (tables.ts, DeltaLogTable), one implementation
 * per dialect. Both lock the users' `user_sync` rows in id order, read each
 * head (seq and row), append the new rows linked to it, and move the head;
 * each user's seqs continue without gaps or duplicates.
 */

export interface AppendInput {
  byUser: ReadonlyMap<string, DeltaEntry[]>;
  /** The users in id order (the lock order). */
  userIds: readonly string[];
  payloadOf: (delta: Delta) => string;
  now: number;
}

interface Head {
  seq: number;
  /** The head's delta_log row; 0 when the user has none. */
  id: number;
}

const NO_HEAD: Head = { seq: 0, id: 0 };

const selectHeads = (n: number): string =>
  `select user_id, head_seq, head_id from user_sync where user_id in (${placeholders(n, '?')})`;
const upsertHeads = (n: number): string =>
  `insert into user_sync (user_id, head_seq, head_id, pruned_seq) values ${placeholders(n, '(?, ?, ?, 0)')}
  on conflict (user_id) do update set head_seq = excluded.head_seq, head_id = excluded.head_id`;
const insertRows = (n: number): string =>
  `insert into delta_log
    (id, user_id, seq, prev_id, payload, payload_of, created_at, ack_thread_id, ack_as, ack_seq)
  values ${placeholders(n, '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')}`;

interface PlannedRow {
  id: number;
  userId: string;
  seq: number;
  prev: number | null;
  payload: string;
  entry: DeltaEntry;
}

/** Most users whose heads the SQLite writer remembers; past it, it starts over. */
const REMEMBERED_HEADS = 200_000;

/**
 * The heads this connection wrote, kept between transactions (`DirectSql.memo`,
 * emptied when a transaction fails): only this writer moves them, so reading
 * them back from `user_sync` (a lookup per recipient) would find the same.
 */
function rememberedHeads(direct: DirectSql): Map<string, Head> {
  let heads = direct.memo.get('delta-log-heads') as Map<string, Head> | undefined;
  if (heads === undefined || heads.size > REMEMBERED_HEADS) {
    heads = new Map();
    direct.memo.set('delta-log-heads', heads);
  }
  return heads;
}

/**
 * SQLite: statements straight on the connection, inside the caller's
 * transaction (one writer: the heads read here cannot move before commit).
 * Ids continue from the table's largest, so the rows land at its end. A
 * payload shared by several rows (a message's delta for each recipient) is
 * stored once, in the last of them; the others name it (`payload_of`).
 * Pruning deletes the oldest ids first, and all of an append's rows share
 * its `created_at`, so the holder goes last.
 */
export function appendDirect(direct: DirectSql, input: AppendInput): DeltaNote[] {
  const { byUser, userIds, payloadOf, now } = input;
  const heads = rememberedHeads(direct);
  inGroups(
    userIds.filter((userId) => !heads.has(userId)),
    (unknown) => {
      for (const [userId, seq, id] of direct.rows(selectHeads(unknown.length), unknown) as [
        string,
        number,
        number,
      ][]) {
        heads.set(userId, { seq, id });
      }
    },
  );
  const last = direct.get('select max(id) as id from delta_log', []) as { id: number | null };
  let nextId = last.id ?? 0;

  // Every row first, so that each payload's holder is known: its last row.
  const planned: PlannedRow[] = [];
  const holderOf = new Map<string, number>();
  const headRows: [string, number, number][] = [];
  const notes: DeltaNote[] = [];
  for (const userId of userIds) {
    const list = byUser.get(userId) ?? [];
    const head = heads.get(userId) ?? NO_HEAD;
    const note: DeltaNote = { userId, seq: head.seq + list.length, deltas: [] };
    let seq = head.seq;
    let prev: number | null = head.id === 0 ? null : head.id;
    for (const entry of list) {
      seq += 1;
      nextId += 1;
      const payload = payloadOf(entry.delta);
      note.deltas.push({ seq, payload });
      planned.push({ id: nextId, userId, seq, prev, payload, entry });
      holderOf.set(payload, nextId);
      prev = nextId;
    }
    headRows.push([userId, seq, prev ?? 0]);
    heads.set(userId, { seq, id: prev ?? 0 });
    notes.push(note);
  }
  inGroups(planned, (group) => {
    const values: (string | number | null)[] = [];
    for (const { id, userId, seq, prev, payload, entry } of group) {
      const holder = holderOf.get(payload) ?? id;
      const ack = entry.ack;
      values.push(
        id,
        userId,
        seq,
        prev,
        holder === id ? payload : '',
        holder === id ? null : holder,
        now,
        ack?.threadId ?? null,
        ack?.as ?? null,
        ack?.seqInThread ?? null,
      );
    }
    direct.run(insertRows(group.length), values);
  });
  inGroups(headRows, (group) => {
    direct.run(upsertHeads(group.length), group.flat());
  });
  return notes;
}

/**
 * PostgreSQL: one statement, arrays bound as parameters (`unnest`), prepared
 * once per connection. It takes the rows' ids from the sequence, then moves
 * every user's head with an upsert processed in user id order (the lock
 * order: each row is locked as it is reached, so two appends sharing users
 * cannot deadlock; a user new to the log gets their row). The upsert keeps
 * the old head in `prior_head_id` and returns it with the new head seq, from
 * which each new row gets its seq and its first link. Each distinct payload
 * is bound once and stored once, in the row with the highest id of those
 * that share it (as on SQLite).
 *
 * The ids are drawn before the heads are locked, so two appends racing for a
 * user may give its later seq the lower id. Nothing needs a user's ids in seq
 * order: reads walk the links, and pruning, which deletes by id, moves the
 * user's `pruned_seq` past every seq it deletes.
 */
export async function appendArrays(
  db: Kysely<SyncDatabase>,
  input: AppendInput,
): Promise<DeltaNote[]> {
  const { byUser, userIds, payloadOf, now } = input;
  const payloads: string[] = [];
  const payloadIndex = new Map<string, number>();
  const rows = {
    user_id: [] as string[],
    /** The row's place among the user's new rows, from 1. */
    nth: [] as number[],
    payload: [] as number[],
    ack_thread_id: [] as (string | null)[],
    ack_as: [] as (string | null)[],
    ack_seq: [] as (number | null)[],
  };
  for (const userId of userIds) {
    (byUser.get(userId) ?? []).forEach((entry, index) => {
      const payload = payloadOf(entry.delta);
      let at = payloadIndex.get(payload);
      if (at === undefined) {
        at = payloads.push(payload); // PostgreSQL arrays count from 1
        payloadIndex.set(payload, at);
      }
      rows.user_id.push(userId);
      rows.nth.push(index + 1);
      rows.payload.push(at);
      rows.ack_thread_id.push(entry.ack?.threadId ?? null);
      rows.ack_as.push(entry.ack?.as ?? null);
      rows.ack_seq.push(entry.ack?.seqInThread ?? null);
    });
  }
  const moved = await sql<{ user_id: string; head_seq: number }>`${sql.raw(PREPARED)}
    with d as materialized (
      select u.*, nextval('delta_log_id_seq') as id
      from unnest(${rows.user_id}::text[], ${rows.nth}::integer[], ${rows.payload}::integer[],
        ${rows.ack_thread_id}::text[], ${rows.ack_as}::text[], ${rows.ack_seq}::integer[])
        as u(user_id, nth, p, ack_thread_id, ack_as, ack_seq)
    ), counted as (
      select user_id, count(*)::integer as n, max(id) as last_id from d group by user_id
    ), h as (
      insert into user_sync as s (user_id, head_seq, head_id, prior_head_id, pruned_seq)
      select user_id, n, last_id, 0, 0 from counted order by user_id
      on conflict (user_id) do update set head_seq = s.head_seq + excluded.head_seq,
        head_id = excluded.head_id, prior_head_id = s.head_id
      returning s.user_id, s.head_seq, s.prior_head_id
    ), placed as (
      select d.*, h.head_seq - c.n + d.nth as seq, nullif(h.prior_head_id, 0) as prev0,
        max(d.id) over (partition by d.p) as holder
      from d join h on h.user_id = d.user_id join counted c on c.user_id = d.user_id
    ), written as (
      insert into delta_log (id, user_id, seq, prev_id, payload, payload_of, created_at,
        ack_thread_id, ack_as, ack_seq)
      select id, user_id, seq, coalesce(lag(id) over (partition by user_id order by nth), prev0),
        case when id = holder then (${payloads}::text[])[p] else '' end,
        case when id = holder then null else holder end,
        ${now}::bigint, ack_thread_id, ack_as, ack_seq
      from placed
    )
    select user_id, head_seq from h`.execute(db);

  const headOf = new Map<string, number>();
  for (const row of moved.rows) headOf.set(row.user_id, row.head_seq);
  return userIds.map((userId): DeltaNote => {
    const list = byUser.get(userId) ?? [];
    const head = headOf.get(userId);
    if (head === undefined) throw new Error(`no head returned for user ${userId}`);
    const first = head - list.length;
    return {
      userId,
      seq: head,
      deltas: list.map((entry, index) => ({
        seq: first + index + 1,
        payload: payloadOf(entry.delta),
      })),
    };
  });
}
