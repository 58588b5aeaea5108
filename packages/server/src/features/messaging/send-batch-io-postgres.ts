import { sql, type RawBuilder } from 'kysely';
import {
  booleanArrayLiteral,
  integerArrayLiteral,
  textArrayLiteral,
} from '../../storage/array-literals';
import { PREPARED } from '../../storage/prepared-statements';
import {
  MESSAGE_COLUMNS,
  PARTICIPANT_COLUMNS,
  THREAD_COLUMNS,
  type K,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from './repo';
import type { BatchIo } from './send-store-batched';

/**
 * A batch's reads and writes on PostgreSQL: two round trips up front (lock
 * and read the threads, then the rest) and one for all the writes, each a
 * prepared statement (storage/prepared-statements.ts).
 */
export function postgresBatchIo(k: K): BatchIo {
  return {
    readAhead: async (threadIds, pairs) => {
      const locked = await sql<ThreadRecord>`${sql.raw(PREPARED)}
        select ${sql.raw(THREAD_COLUMNS.join(', '))} from threads
        where id = any(${textArrayLiteral(threadIds)}::text[]) order by id for update`.execute(k);
      const threads = locked.rows;
      // One round trip for the rest, after the lock: read before it, a message
      // another node committed while this batch waited could be missed.
      // Looked up as (sender, offline id) pairs: two `= any` lists would make the
      // index probe every sender with every offline id, the square of the batch.
      const senders = pairs.map((p) => p.senderId);
      const offlineIds = pairs.map((p) => p.offlineId);
      // The participants come back as rows: json_agg over them cost PostgreSQL
      // about four times the rest of this statement. The retried messages (few,
      // usually none) ride in one more row, after them, as JSON.
      const columns = PARTICIPANT_COLUMNS.join(', ');
      const read = await sql<
        ParticipantRecord & { retried: MessageRecord[] | null }
      >`${sql.raw(PREPARED)}
        select ${sql.raw(columns)}, null::json as retried from thread_participants
          where thread_id = any(${textArrayLiteral(threadIds)}::text[])
        union all
        select ${sql.raw(PARTICIPANT_COLUMNS.map(() => 'null').join(', '))},
          (select coalesce(json_agg(m), '[]')
            from (select ${sql.raw(MESSAGE_COLUMNS.map((c) => `m.${c}`).join(', '))}
              from unnest(${textArrayLiteral(senders)}::text[], ${textArrayLiteral(offlineIds)}::text[])
                as wanted(sender_id, offline_id)
              join messages m on m.sender_id = wanted.sender_id
                and m.offline_threading_id = wanted.offline_id) m)
        order by thread_id, joined_at, participant_id`.execute(k);
      const participants: ParticipantRecord[] = [];
      let messages: MessageRecord[] = [];
      for (const row of read.rows) {
        if (row.retried === null) participants.push(row);
        else messages = row.retried;
      }
      return { threads, participants, messages };
    },
    write: async ({ messages, heads, reads }) => {
      // One statement, each write a data-modifying WITH query of it; the same
      // text for any batch (arrays, not lists), so it is prepared once.
      await sql`${sql.raw(PREPARED)}with m as (${insertMessages(messages)}),
        t as (update threads as t
          set last_message_seq = v.seq, last_activity_at = v.at
          from unnest(${textArrayLiteral(heads.map((h) => h.threadId))}::text[],
            ${integerArrayLiteral(heads.map((h) => h.seq))}::integer[],
            ${integerArrayLiteral(heads.map((h) => h.at))}::bigint[]) as v(id, seq, at)
          where t.id = v.id),
        r as (update thread_participants as p
          set last_read_seq = v.seq, last_delivered_seq = v.seq,
            hidden = case when v.accept then 0 else p.hidden end,
            folder = case when v.accept then 'INBOX' else p.folder end
          from unnest(${textArrayLiteral(reads.map((r) => r.threadId))}::text[],
            ${textArrayLiteral(reads.map((r) => r.participantId))}::text[],
            ${integerArrayLiteral(reads.map((r) => r.seq))}::integer[],
            ${booleanArrayLiteral(reads.map((r) => r.accept))}::boolean[])
            as v(thread_id, participant_id, seq, accept)
          where p.thread_id = v.thread_id and p.participant_id = v.participant_id)
        select 1`.execute(k);
    },
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
      offline_threading_id, entry_point, tags, kind, attachments)
    select * from unnest(${texts('id')}::text[], ${texts('thread_id')}::text[],
      ${texts('sender_id')}::text[], ${texts('text')}::text[], ${integers('created_at')}::bigint[],
      ${integers('seq_in_thread')}::integer[], ${texts('offline_threading_id')}::text[],
      ${texts('entry_point')}::text[], ${texts('tags')}::text[], ${texts('kind')}::text[],
      ${texts('attachments')}::text[])`;
}
