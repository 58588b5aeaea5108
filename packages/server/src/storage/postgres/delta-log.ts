import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SyncDatabase, SyncTables } from '../tables/sync';
import {
  integerArrayLiteral,
  RECORD_SEPARATOR,
  recordSeparated,
  textArrayLiteral,
} from '../array-literals';
import type { AppendInput, DeltaLog, DeltaNote } from '../delta-log';
import { DELTA_ID_BLOCK } from '../migrations/013-delta-id-blocks';
import { PREPARED, PREPARED_THEN_COMMIT } from '../prepared-statements';

export const postgresDeltaLog: DeltaLog = {
  append: (trx, input) => appendArrays(trx.withTables<SyncTables>(), input),
};

/**
 * PostgreSQL: one statement, arrays bound as parameters (`unnest`), prepared
 * once per connection. Its rows are numbered here, user after user: each
 * takes the id `base + its place`, where `base` is the one `nextval` of the
 * statement (a block of DELTA_ID_BLOCK ids, migration 013). So each row's
 * link to the row before it and each payload's holder (the highest id of the
 * rows that share it, as on SQLite) are known before sending. What only the
 * database knows comes from the upsert that moves every user's head,
 * processed in the order of the users here (the lock order of every append
 * and of pruning: each row is locked as it is reached, so two appends sharing
 * users cannot deadlock; a user new to the log gets their row). It keeps the
 * old head in `prior_head_id` and returns it with the new head seq: the first
 * new row of each user links to it, and the seqs count on from it.
 *
 * Two appends racing for a user may give its later seq the lower id (each
 * takes its block before it locks). Nothing needs a user's ids in seq order:
 * reads walk the links, and pruning, which deletes by id, moves the user's
 * `pruned_seq` past every seq it deletes.
 */
async function appendArrays(db: Kysely<SyncDatabase>, input: AppendInput): Promise<DeltaNote[]> {
  if (input.userIds.length === 0) {
    if (input.alongside !== undefined)
      await sql`${sql.raw(markOf(input, true))}with ${input.alongside} select 1`.execute(db);
    return [];
  }
  let alongside = input.alongside;
  const notes: DeltaNote[] = [];
  // Appends larger than a block (a broadcast to very many) go a block at a
  // time, in user order, within the same transaction.
  let chunk: string[] = [];
  let rows = 0;
  for (const userId of input.userIds) {
    const count = input.byUser.get(userId)?.length ?? 0;
    if (count >= DELTA_ID_BLOCK) throw new Error(`${count} deltas for one user in one append`);
    if (rows + count >= DELTA_ID_BLOCK) {
      notes.push(...(await appendBlock(db, input, chunk, alongside, false)));
      alongside = undefined;
      chunk = [];
      rows = 0;
    }
    chunk.push(userId);
    rows += count;
  }
  if (chunk.length > 0) notes.push(...(await appendBlock(db, input, chunk, alongside, true)));
  return notes;
}

/** How an append's statement is marked: the last of one that ends its transaction commits it. */
const markOf = (input: AppendInput, last: boolean): string =>
  input.endsTransaction === true && last ? PREPARED_THEN_COMMIT : PREPARED;

/** One statement for these users (in lock order), whose rows fit one block; with the caller's writes. */
async function appendBlock(
  db: Kysely<SyncDatabase>,
  input: AppendInput,
  userIds: readonly string[],
  alongside: RawBuilder<unknown> | undefined,
  last: boolean,
): Promise<DeltaNote[]> {
  const { byUser, payloadOf, now } = input;
  const payloads: string[] = [];
  const payloadIndex = new Map<string, number>();
  const users = { id: [] as string[], n: [] as number[], last: [] as number[] };
  const rows = {
    user_id: [] as string[],
    /** How many new rows the user has (the head moves by it). */
    n: [] as number[],
    /** The row's place among the user's new rows, from 1. */
    nth: [] as number[],
    payload: [] as number[],
    /** The place (in these arrays, from 1) of the row that holds the payload. */
    holder: [] as number[],
    ack_thread_id: [] as (string | null)[],
    ack_as: [] as (string | null)[],
    ack_seq: [] as (number | null)[],
  };
  for (const userId of userIds) {
    const list = byUser.get(userId) ?? [];
    list.forEach((entry, index) => {
      const payload = payloadOf(entry.delta);
      let at = payloadIndex.get(payload);
      if (at === undefined) {
        at = payloads.push(payload); // PostgreSQL arrays count from 1
        payloadIndex.set(payload, at);
      }
      rows.user_id.push(userId);
      rows.n.push(list.length);
      rows.nth.push(index + 1);
      rows.payload.push(at);
      rows.ack_thread_id.push(entry.ack?.threadId ?? null);
      rows.ack_as.push(entry.ack?.as ?? null);
      rows.ack_seq.push(entry.ack?.seqInThread ?? null);
    });
    users.id.push(userId);
    users.n.push(list.length);
    users.last.push(rows.user_id.length);
  }
  // Each payload's holder: the last of its rows (the highest id).
  const holderOf: number[] = [];
  rows.payload.forEach((at, index) => {
    holderOf[at] = index + 1;
  });
  for (const at of rows.payload) rows.holder.push(holderOf[at] ?? 0);

  const moved = await sql<{ heads: string | null }>`${sql.raw(markOf(input, last))}
    with ${alongside === undefined ? sql`` : sql`${alongside},`}
    b as materialized (select nextval('delta_log_block_seq') as base),
    h as (
      insert into user_sync as s (user_id, head_seq, head_id, prior_head_id, pruned_seq)
      select v.user_id, v.n, (select base from b) + v.last, 0, 0
      from unnest(${textArrayLiteral(users.id)}::text[], ${integerArrayLiteral(users.n)}::integer[],
        ${integerArrayLiteral(users.last)}::integer[]) as v(user_id, n, last)
      on conflict (user_id) do update set head_seq = s.head_seq + excluded.head_seq,
        head_id = excluded.head_id, prior_head_id = s.head_id
      returning s.user_id, s.head_seq, s.prior_head_id
    ), p as materialized (
      select string_to_array(${recordSeparated(payloads)}::text, ${RECORD_SEPARATOR}::text) as texts
    ), written as (
      insert into delta_log (id, user_id, seq, prev_id, payload, payload_of, created_at,
        ack_thread_id, ack_as, ack_seq)
      select b.base + r.ord, r.user_id, h.head_seq - r.n + r.nth,
        case when r.nth = 1 then nullif(h.prior_head_id, 0) else b.base + r.ord - 1 end,
        case when r.holder = r.ord then (select texts from p)[r.p] else '' end,
        case when r.holder = r.ord then null else b.base + r.holder end,
        ${now}::bigint, r.ack_thread_id, r.ack_as, r.ack_seq
      from unnest(${textArrayLiteral(rows.user_id)}::text[], ${integerArrayLiteral(rows.n)}::integer[],
          ${integerArrayLiteral(rows.nth)}::integer[], ${integerArrayLiteral(rows.payload)}::integer[],
          ${integerArrayLiteral(rows.holder)}::integer[], ${textArrayLiteral(rows.ack_thread_id)}::text[],
          ${textArrayLiteral(rows.ack_as)}::text[], ${integerArrayLiteral(rows.ack_seq)}::integer[])
          with ordinality as r(user_id, n, nth, p, holder, ack_thread_id, ack_as, ack_seq, ord)
        join h on h.user_id = r.user_id cross join b
    )
    select string_agg(user_id || ' ' || head_seq, ' ') as heads from h`.execute(db);

  // One text, not a row per user: node-postgres spends more on each row it
  // parses than PostgreSQL on joining the pairs (user ids hold no spaces).
  const headOf = new Map<string, number>();
  const pairs = (moved.rows[0]?.heads ?? '').split(' ');
  for (let i = 0; i + 1 < pairs.length; i += 2) headOf.set(pairs[i] ?? '', Number(pairs[i + 1]));
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
