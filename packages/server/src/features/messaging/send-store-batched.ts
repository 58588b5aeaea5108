import { sql, type RawBuilder } from 'kysely';
import type { BatchedSend } from './send-batcher';
import { kyselyStore, type SendStore } from './send-store';
import {
  MESSAGE_COLUMNS,
  PARTICIPANT_COLUMNS,
  THREAD_COLUMNS,
  type K,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from './repo';

/**
 * The send store of one unguarded PostgreSQL batch: a round trip costs far
 * more than the work of a send, so the batch's rows are read up front and its
 * writes go out together at the end.
 *
 * - Every thread named by a `thread_id` is read and locked (`for update`, in
 *   id order) before the first send; then, in one query, its participants and
 *   the messages the batch's offline ids may already name. The lock is what
 *   `nextMessageSeq`'s update would have taken; it holds until commit, so the
 *   seqs handed out from memory are the thread's next ones.
 * - Writes to those threads are kept and applied by `flush` in one
 *   statement: the insert of messages, the update of thread heads and that
 *   of read marks. The
 *   cache is written through, so later sends of the batch read what earlier
 *   ones wrote (a retried offline id finds its message).
 * - A thread the batch did not name (a first message, or one found by
 *   recipient) is read and written at once, as by the plain store.
 *
 * A failed `flush` (a duplicate from another node, say) spoils the batch,
 * which runs again with a savepoint per send and the plain store.
 */
export async function batchedStore(k: K, batch: readonly BatchedSend[]): Promise<SendStore> {
  const plain = kyselyStore(k);
  const named = new Set(batch.flatMap((s) => s.input.thread_id ?? []));
  if (named.size === 0) return plain;
  const threadIds = [...named].sort();

  const threads = new Map<string, ThreadRecord>();
  const threadRows = await k
    .selectFrom('threads')
    .select(THREAD_COLUMNS)
    .where('id', 'in', threadIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const row of threadRows) threads.set(row.id, { ...row });

  // One round trip for the rest, after the lock: read before it, a message
  // another node committed while this batch waited could be missed.
  // Looked up as (sender, offline id) pairs: two `= any` lists would make the
  // index probe every sender with every offline id, the square of the batch.
  const pairs = [
    ...new Map(
      batch.map((s) => [pairKey(s.viewer.id, s.input.offline_threading_id), s] as const),
    ).values(),
  ];
  const senders = pairs.map((s) => s.viewer.id);
  const offlineIds = pairs.map((s) => s.input.offline_threading_id);
  const read = await sql<{ participants: ParticipantRecord[]; messages: MessageRecord[] }>`
    select
      (select coalesce(json_agg(p order by p.thread_id, p.joined_at, p.participant_id), '[]')
        from (select ${sql.raw(PARTICIPANT_COLUMNS.join(', '))} from thread_participants
          where thread_id = any(${threadIds}::text[])) p) as participants,
      (select coalesce(json_agg(m), '[]')
        from (select ${sql.raw(MESSAGE_COLUMNS.map((c) => `m.${c}`).join(', '))}
          from unnest(${senders}::text[], ${offlineIds}::text[]) as wanted(sender_id, offline_id)
          join messages m on m.sender_id = wanted.sender_id
            and m.offline_threading_id = wanted.offline_id) m) as messages`.execute(k);
  const { participants: participantRows = [], messages: existing = [] } = read.rows[0] ?? {};

  const participants = new Map<string, ParticipantRecord[]>();
  for (const row of participantRows) {
    const record: ParticipantRecord = {
      ...row,
      participant_kind: row.participant_kind === 'page' ? 'page' : 'person',
    };
    const list = participants.get(row.thread_id);
    if (list === undefined) participants.set(row.thread_id, [record]);
    else list.push(record);
  }

  /** Offline ids whose answer is known without asking: absent unless in `messages`. */
  const checked = new Set(batch.map((s) => pairKey(s.viewer.id, s.input.offline_threading_id)));
  const messages = new Map<string, MessageRecord>();
  for (const row of existing) {
    if (row.offline_threading_id !== null)
      messages.set(pairKey(row.sender_id, row.offline_threading_id), row);
  }

  const pendingMessages: MessageRecord[] = [];
  const pendingHeads = new Map<string, { seq: number; at: number }>();
  const pendingReads = new Map<
    string,
    { threadId: string; participantId: string; seq: number; accept: boolean }
  >();

  return {
    thread: async (threadId) => {
      const cached = threads.get(threadId);
      if (cached !== undefined) return { ...cached };
      // Named by the batch but not found: it does not exist.
      if (named.has(threadId)) return undefined;
      return plain.thread(threadId);
    },
    participants: async (threadId) => {
      if (!threads.has(threadId)) return plain.participants(threadId);
      return (participants.get(threadId) ?? []).map((p) => ({ ...p }));
    },
    messageByOfflineId: async (senderId, offlineId) => {
      const key = pairKey(senderId, offlineId);
      const known = messages.get(key);
      if (known !== undefined || checked.has(key)) return known;
      return plain.messageByOfflineId(senderId, offlineId);
    },
    nextMessageSeq: async (threadId, now) => {
      const thread = threads.get(threadId);
      if (thread === undefined) return plain.nextMessageSeq(threadId, now);
      thread.last_message_seq += 1;
      thread.last_activity_at = Math.max(thread.last_activity_at, now);
      pendingHeads.set(threadId, { seq: thread.last_message_seq, at: thread.last_activity_at });
      return thread.last_message_seq;
    },
    insertMessage: async (message) => {
      if (message.offline_threading_id !== null)
        messages.set(pairKey(message.sender_id, message.offline_threading_id), message);
      if (threads.has(message.thread_id)) pendingMessages.push(message);
      else await plain.insertMessage(message);
    },
    markOwnRead: async (threadId, participantId, seq, accept) => {
      if (!threads.has(threadId)) {
        await plain.markOwnRead(threadId, participantId, seq, accept);
        return;
      }
      const row = participants.get(threadId)?.find((p) => p.participant_id === participantId);
      if (row !== undefined) {
        row.last_read_seq = seq;
        row.last_delivered_seq = seq;
        if (accept) {
          row.hidden = 0;
          row.folder = 'INBOX';
        }
      }
      const key = pairKey(threadId, participantId);
      const earlier = pendingReads.get(key);
      pendingReads.set(key, {
        threadId,
        participantId,
        seq: Math.max(seq, earlier?.seq ?? 0),
        accept: accept || (earlier?.accept ?? false),
      });
    },
    flush: async () => {
      // One statement: each write is a data-modifying WITH query of it.
      const writes: RawBuilder<unknown>[] = [];
      if (pendingMessages.length > 0) writes.push(sql`m as (${insertMessages(pendingMessages)})`);
      if (pendingHeads.size > 0) {
        const values = [...pendingHeads].map(
          ([id, head]) => sql`(${id}::text, ${head.seq}::integer, ${head.at}::bigint)`,
        );
        writes.push(sql`t as (update threads as t
          set last_message_seq = v.seq, last_activity_at = v.at
          from (values ${sql.join(values)}) as v(id, seq, at)
          where t.id = v.id)`);
      }
      if (pendingReads.size > 0) {
        const values = [...pendingReads.values()].map(
          (r) =>
            sql`(${r.threadId}::text, ${r.participantId}::text, ${r.seq}::integer, ${r.accept}::boolean)`,
        );
        writes.push(sql`r as (update thread_participants as p
          set last_read_seq = v.seq, last_delivered_seq = v.seq,
            hidden = case when v.accept then 0 else p.hidden end,
            folder = case when v.accept then 'INBOX' else p.folder end
          from (values ${sql.join(values)}) as v(thread_id, participant_id, seq, accept)
          where p.thread_id = v.thread_id and p.participant_id = v.participant_id)`);
      }
      pendingMessages.length = 0;
      pendingHeads.clear();
      pendingReads.clear();
      if (writes.length > 0) await sql`with ${sql.join(writes)} select 1`.execute(k);
    },
  };
}

const pairKey = (a: string, b: string): string => `${a}\u0000${b}`;

/** Arrays bound as parameters: one short statement, parsed and planned at once, for any count. */
function insertMessages(rows: readonly MessageRecord[]): RawBuilder<unknown> {
  const column = <C extends keyof MessageRecord>(name: C): MessageRecord[C][] =>
    rows.map((row) => row[name]);
  return sql`insert into messages (id, thread_id, sender_id, text, created_at, seq_in_thread,
      offline_threading_id, entry_point, tags, kind, attachments)
    select * from unnest(${column('id')}::text[], ${column('thread_id')}::text[],
      ${column('sender_id')}::text[], ${column('text')}::text[], ${column('created_at')}::bigint[],
      ${column('seq_in_thread')}::integer[], ${column('offline_threading_id')}::text[],
      ${column('entry_point')}::text[], ${column('tags')}::text[], ${column('kind')}::text[],
      ${column('attachments')}::text[])`;
}
