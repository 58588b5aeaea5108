import type { AppendInput, DeltaEntry, DeltaLog, DeltaNote } from '../delta-log';
import type { DirectSql } from '../db';
import { inGroups, placeholders } from '../direct-rows';

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
function appendDirect(direct: DirectSql, input: AppendInput): DeltaNote[] {
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

export function sqliteDeltaLog(direct: DirectSql): DeltaLog {
  return {
    append: (_trx, input) => {
      if (input.alongside !== undefined)
        return Promise.reject(new Error('writes alongside the append are for PostgreSQL'));
      return Promise.resolve(appendDirect(direct, input));
    },
  };
}
