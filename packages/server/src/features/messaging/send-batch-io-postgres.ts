import { sql, type RawBuilder } from 'kysely';
import {
  booleanArrayLiteral,
  integerArrayLiteral,
  textArrayLiteral,
} from '../../storage/array-literals';
import { MESSAGE_COLUMNS } from '../../storage/message-columns';
import { PREPARED } from '../../storage/prepared-statements';
import { preparedPair } from '../../storage/statement-pair';
import {
  PARTICIPANT_COLUMNS,
  THREAD_COLUMNS,
  type K,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from './repo';
import type { RosterCache } from './roster-cache';
import type { BatchIo, BatchWrites } from './send-store-batched';

/**
 * A batch's reads and writes on PostgreSQL: one round trip up front (lock
 * and read the threads, then the rest: two statements written at once), and
 * the writes in the statement that appends the batch's deltas (or one of
 * their own when the batch must write before it ends), each a prepared
 * statement (storage/prepared-statements.ts).
 */
export function postgresBatchIo(k: K, rosters: RosterCache): BatchIo {
  return {
    readAhead: async (threadIds, pairs) => {
      const threadIdArray = textArrayLiteral(threadIds);
      const lock = sql<ThreadRecord>`
        select ${sql.raw(THREAD_COLUMNS.join(', '))} from threads
        where id = any(${threadIdArray}::text[]) order by id for update`;
      // The rest is read by a statement of its own, run after the lock: in the
      // lock's statement, a message another node committed while this batch
      // waited for the lock could be missed. Both go in one round trip
      // (storage/statement-pair.ts).
      // Looked up as (sender, offline id) pairs: two `= any` lists would make the
      // index probe every sender with every offline id, the square of the batch.
      const senders = pairs.map((p) => p.senderId);
      const offlineIds = pairs.map((p) => p.offlineId);
      // The lateral subqueries (`offset 0` keeps them from being flattened)
      // hold the generic plan to index lookups: estimating unnest at ten rows,
      // it chose to hash a whole table when the table was small.
      // Participant rows come only for the threads whose roster moved from the
      // version this node holds (roster-cache.ts): one row each with nulls
      // when none is left. They come back as rows: json_agg over them cost
      // PostgreSQL about four times the rest of this statement. The retried
      // messages (few, usually none) ride in one more row, after them, as JSON.
      const held = threadIds.map((id) => rosters.versionOf(id));
      const read = sql<RosterRow>`
        select ${sql.raw(PARTICIPANT_COLUMNS.map((c) => `p.${c}`).join(', '))},
          s.id as roster_thread_id, s.version as roster_version, null::json as retried
          from (select w.id, coalesce(v.version, 0) as version
              from unnest(${threadIdArray}::text[], ${integerArrayLiteral(held)}::bigint[])
                as w(id, held)
              left join lateral (select version from thread_roster_versions v
                where v.thread_id = w.id offset 0) v on true
              where w.held <> coalesce(v.version, 0)) s
            left join lateral (select * from thread_participants p
              where p.thread_id = s.id offset 0) p on true
        union all
        select ${sql.raw(PARTICIPANT_COLUMNS.map(() => 'null').join(', '))}, null, null,
          (select coalesce(json_agg(m), '[]')
            from (select ${sql.raw(MESSAGE_COLUMNS.map((c) => `m.${c}`).join(', '))}
              from unnest(${textArrayLiteral(senders)}::text[], ${textArrayLiteral(offlineIds)}::text[])
                as wanted(sender_id, offline_id)
              join messages m on m.sender_id = wanted.sender_id
                and m.offline_threading_id = wanted.offline_id) m)
        order by roster_thread_id, joined_at, participant_id`;
      const answer = await preparedPair(lock, read).execute(k);
      const { first: threads, second: readRows } = answer.rows[0] ?? { first: [], second: [] };
      let messages: MessageRecord[] = [];
      const moved = new Map<string, { version: number; rows: ParticipantRecord[] }>();
      for (const row of readRows) {
        if (row.retried !== null || row.roster_thread_id === null) {
          messages = row.retried ?? [];
          continue;
        }
        let roster = moved.get(row.roster_thread_id);
        if (roster === undefined) {
          roster = { version: row.roster_version ?? 0, rows: [] };
          moved.set(row.roster_thread_id, roster);
        }
        if (row.participant_id !== null) roster.rows.push(participantOf(row));
      }
      // The rows held are taken (and so kept) before any new ones are
      // remembered: a remembered roster may push the least recent out.
      const participants: ParticipantRecord[] = [];
      for (const thread of threads) {
        const rows = moved.get(thread.id)?.rows ?? rosters.rows(thread.id);
        if (rows === undefined) throw new Error(`roster of ${thread.id} left the cache`);
        participants.push(...rows);
      }
      for (const [threadId, roster] of moved)
        rosters.remember(threadId, roster.version, roster.rows);
      return { threads, participants, messages };
    },
    write: async (writes) => {
      // The same text for any batch (arrays, not lists), so it is prepared once.
      await sql`${sql.raw(PREPARED)}with ${writeQueries(writes)} select 1`.execute(k);
    },
    alongside: writeQueries,
  };
}

/**
 * The batch's writes as data-modifying WITH queries: run in a statement of
 * their own, or in the delta append's (`alongside`). The threads' `= any`
 * repeats the join on purpose: it gives the generic plan (db.ts) an index
 * lookup of the threads where it would otherwise scan them all to hash them.
 */
function writeQueries({ messages, heads, reads }: BatchWrites): RawBuilder<unknown> {
  const headThreadIds = textArrayLiteral(heads.map((h) => h.threadId));
  return sql`m as (${insertMessages(messages)}),
    t as (update threads as t
      set last_message_seq = v.seq, last_activity_at = v.at
      from unnest(${headThreadIds}::text[],
        ${integerArrayLiteral(heads.map((h) => h.seq))}::integer[],
        ${integerArrayLiteral(heads.map((h) => h.at))}::bigint[]) as v(id, seq, at)
      where t.id = v.id and t.id = any(${headThreadIds}::text[])),
    r as (update thread_participants as p
      set last_read_seq = v.seq, last_delivered_seq = v.seq,
        hidden = case when v.accept then 0 else p.hidden end,
        folder = case when v.accept then 'INBOX' else p.folder end
      from unnest(${textArrayLiteral(reads.map((r) => r.threadId))}::text[],
        ${textArrayLiteral(reads.map((r) => r.participantId))}::text[],
        ${integerArrayLiteral(reads.map((r) => r.seq))}::integer[],
        ${booleanArrayLiteral(reads.map((r) => r.accept))}::boolean[])
        as v(thread_id, participant_id, seq, accept)
      where p.thread_id = v.thread_id and p.participant_id = v.participant_id)`;
}

/** A participant row beside its thread's roster version, or a thread's row of nulls. */
type RosterRow = { [C in keyof ParticipantRecord]: ParticipantRecord[C] | null } & {
  roster_thread_id: string | null;
  roster_version: number | null;
  retried: MessageRecord[] | null;
};

/** A row whose participant_id is set: a left join fills all of a participant's columns or none. */
function participantOf(row: RosterRow): ParticipantRecord {
  return {
    thread_id: row.thread_id ?? '',
    participant_id: row.participant_id ?? '',
    participant_kind: row.participant_kind ?? 'person',
    folder: row.folder ?? '',
    nickname: row.nickname,
    last_read_seq: row.last_read_seq ?? 0,
    last_delivered_seq: row.last_delivered_seq ?? 0,
    hidden: row.hidden ?? 0,
    joined_at: row.joined_at ?? 0,
  };
}

/** Arrays bound as parameters (literals, storage/array-literals.ts): one short statement for any count. */
function insertMessages(rows: readonly MessageRecord[]): RawBuilder<unknown> {
  type TextColumn = {
    [C in keyof MessageRecord]: MessageRecord[C] extends string | null ? C : never;
  }[keyof MessageRecord];
  type IntegerColumn = {
    [C in keyof MessageRecord]: MessageRecord[C] extends number ? C : never;
  }[keyof MessageRecord];
  const texts = (name: TextColumn): string => textArrayLiteral(rows.map((row) => row[name]));
  const integers = (name: IntegerColumn): string =>
    integerArrayLiteral(rows.map((row) => row[name]));
  return sql`insert into messages (id, thread_id, sender_id, text, created_at, seq_in_thread,
      offline_threading_id, entry_point, tags, kind, attachments, reply_to, mentions)
    select * from unnest(${texts('id')}::text[], ${texts('thread_id')}::text[],
      ${texts('sender_id')}::text[], ${texts('text')}::text[], ${integers('created_at')}::bigint[],
      ${integers('seq_in_thread')}::integer[], ${texts('offline_threading_id')}::text[],
      ${texts('entry_point')}::text[], ${texts('tags')}::text[], ${texts('kind')}::text[],
      ${texts('attachments')}::text[], ${texts('reply_to')}::text[], ${texts('mentions')}::text[])`;
}
