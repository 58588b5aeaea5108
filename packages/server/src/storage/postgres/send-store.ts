import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SyncDatabase } from '../tables/sync';
import { booleanArrayLiteral, integerArrayLiteral, textArrayLiteral } from '../array-literals';
import { PREPARED } from '../prepared-statements';
import {
  MESSAGE_COLUMNS,
  MESSAGE_SELECT_COLUMNS,
  PARTICIPANT_COLUMNS,
  THREAD_COLUMNS,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from '../records';
import type { BatchIo, BatchWrites, HeldRosters, SendStorage, SendStore } from '../send-store';
import { preparedPair } from '../statement-pair';
import {
  getParticipants,
  getThread,
  insertMessage,
  messageByOfflineId,
  nextMessageSeq,
} from '../thread-queries';

type K = Kysely<SyncDatabase>;

/**
 * The send path on PostgreSQL (send-store.ts): the round trip dominates, so a
 * send's own queries stay Kysely's (thread-queries.ts) and a batch's go in a
 * few array-bound statements.
 *
 * Each node writes two lanes of batches side by side (a thread always in the
 * same lane, so they never wait on each other's thread locks), leaving
 * connections of the pool for reads. Two lanes beat one, four and eight in
 * the delivery bench (10,000 sockets, two nodes: p99 at 500 messages/s 33 ms
 * against 45, 53 and 102 ms): with a round trip per statement, not per send,
 * more lanes only meant more transactions contending for the same cores.
 */
export const postgresSendStorage: SendStorage = {
  batching: { maxBatch: 64, concurrency: 2, failedStatementAbortsTransaction: true },
  store: (k) => kyselyStore(k),
  batchIo: (k, rosters) => postgresBatchIo(k, rosters),
};

function kyselyStore(k: K): SendStore {
  return {
    thread: (threadId) => getThread(k, threadId),
    participants: (threadId) => getParticipants(k, threadId),
    messageByOfflineId: (senderId, offlineId) => messageByOfflineId(k, senderId, offlineId),
    nextMessageSeq: (threadId, now) => nextMessageSeq(k, threadId, now),
    insertMessage: (message) => insertMessage(k, message),
    markOwnRead: async (threadId, participantId, seq, accept) => {
      await k
        .updateTable('thread_participants')
        .set({
          last_read_seq: seq,
          last_delivered_seq: seq,
          ...(accept ? { hidden: 0, folder: 'INBOX' } : {}),
        })
        .where('thread_id', '=', threadId)
        .where('participant_id', '=', participantId)
        .execute();
    },
    flush: () => Promise.resolve(),
  };
}

/**
 * A batch's reads and writes on PostgreSQL: one round trip up front (lock
 * and read the threads, then the rest: two statements written at once), and
 * the writes in the statement that appends the batch's deltas (or one of
 * their own when the batch must write before it ends), each a prepared
 * statement (storage/prepared-statements.ts).
 */
function postgresBatchIo(k: K, rosters: HeldRosters): BatchIo {
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
  // One array per column of MESSAGE_COLUMNS, in its order.
  return sql`insert into messages (${sql.raw(MESSAGE_SELECT_COLUMNS)})
    select * from unnest(${texts('id')}::text[], ${texts('thread_id')}::text[],
      ${texts('sender_id')}::text[], ${texts('text')}::text[], ${integers('created_at')}::bigint[],
      ${integers('seq_in_thread')}::integer[], ${texts('offline_threading_id')}::text[],
      ${texts('entry_point')}::text[], ${texts('tags')}::text[], ${texts('kind')}::text[],
      ${texts('attachments')}::text[], ${texts('reply_to')}::text[], ${texts('mentions')}::text[])`;
}
