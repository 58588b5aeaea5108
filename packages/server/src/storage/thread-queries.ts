import { sql, type Kysely } from 'kysely';
import type { SyncDatabase } from './tables/sync';
import {
  MESSAGE_COLUMNS,
  PARTICIPANT_COLUMNS,
  THREAD_COLUMNS,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from './records';

/**
 * The queries of threads, participants and messages that the send path's
 * stores share with the services (messaging/repo.ts re-exports them):
 * Kysely, the same on both dialects. Each takes the handle it runs on.
 */
type K = Kysely<SyncDatabase>;

export async function getThread(k: K, threadId: string): Promise<ThreadRecord | undefined> {
  const row = await k
    .selectFrom('threads')
    .select(THREAD_COLUMNS)
    .where('id', '=', threadId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    ...row,
    created_at: row.created_at,
    last_activity_at: row.last_activity_at,
    last_message_seq: row.last_message_seq,
  };
}

/** Participants in the order they joined. */
export async function getParticipants(k: K, threadId: string): Promise<ParticipantRecord[]> {
  const rows = await k
    .selectFrom('thread_participants')
    .select(PARTICIPANT_COLUMNS)
    .where('thread_id', '=', threadId)
    .orderBy('joined_at')
    .orderBy('participant_id')
    .execute();
  return rows.map((row) => ({
    ...row,
    participant_kind: row.participant_kind === 'page' ? 'page' : 'person',
    last_read_seq: row.last_read_seq,
    last_delivered_seq: row.last_delivered_seq,
    joined_at: row.joined_at,
  }));
}

export async function messageByOfflineId(
  k: K,
  senderId: string,
  offlineThreadingId: string,
): Promise<MessageRecord | undefined> {
  const row = await k
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('sender_id', '=', senderId)
    .where('offline_threading_id', '=', offlineThreadingId)
    .executeTakeFirst();
  return row;
}

export async function insertMessage(k: K, message: MessageRecord): Promise<void> {
  await k.insertInto('messages').values(message).execute();
}

/** Takes the thread's next message seq (locking the thread row until commit). */
export async function nextMessageSeq(k: K, threadId: string, now: number): Promise<number> {
  const row = await k
    .updateTable('threads')
    .set({
      last_message_seq: sql<number>`last_message_seq + 1`,
      last_activity_at: sql<number>`case when last_activity_at > ${now} then last_activity_at else ${now} end`,
    })
    .where('id', '=', threadId)
    .returning('last_message_seq')
    .executeTakeFirstOrThrow();
  return row.last_message_seq;
}
