import type { RawBuilder } from 'kysely';
import type { DirectSql } from '../../storage/db';
import { placeholders } from '../../storage/direct-rows';
import { MESSAGE_COLUMNS, MESSAGE_SELECT_COLUMNS } from '../../storage/message-columns';
import {
  getParticipants,
  getThread,
  insertMessage,
  messageByOfflineId,
  nextMessageSeq,
  type K,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from './repo';

/**
 * The queries every send runs, once per message. On SQLite they are prepared
 * statements run straight on the connection: building and compiling a Kysely
 * query and going through its async executor cost several times what SQLite
 * takes to run these. On PostgreSQL the round trip dominates, so they stay the
 * Kysely queries of repo.ts; the SQL below must read and write the same.
 */
export interface SendStore {
  thread(threadId: string): Promise<ThreadRecord | undefined>;
  /** Participants in the order they joined. */
  participants(threadId: string): Promise<ParticipantRecord[]>;
  messageByOfflineId(senderId: string, offlineId: string): Promise<MessageRecord | undefined>;
  /** Takes the thread's next message seq (locking the thread row until commit). */
  nextMessageSeq(threadId: string, now: number): Promise<number>;
  insertMessage(message: MessageRecord): Promise<void>;
  /** The sender has read their message; `accept` also moves a request (or hidden thread) to the inbox. */
  markOwnRead(threadId: string, participantId: string, seq: number, accept: boolean): Promise<void>;
  /** Writes what the store deferred (send-store-batched.ts); the others write at once. */
  flush(): Promise<void>;
  /**
   * Takes what the store deferred, unwritten, as data-modifying queries for
   * the statement that appends the batch's deltas (PostgreSQL's batched store
   * only; undefined when there is nothing, or where `flush` writes it).
   */
  takeDeferredWrites?: () => RawBuilder<unknown> | undefined;
}

export function sendStoreOf(k: K, direct: DirectSql | undefined): SendStore {
  return direct === undefined ? kyselyStore(k) : sqliteStore(direct);
}

export function kyselyStore(k: K): SendStore {
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

export const THREAD_SELECT = `select id, kind, name, image_src, created_at, last_activity_at, last_message_seq
  from threads`;
const THREAD = `${THREAD_SELECT} where id = ?`;
export const PARTICIPANTS_SELECT = `select thread_id, participant_id, participant_kind, folder, nickname,
    last_read_seq, last_delivered_seq, hidden, joined_at
  from thread_participants`;
const PARTICIPANTS = `${PARTICIPANTS_SELECT} where thread_id = ? order by joined_at, participant_id`;
const MESSAGE_BY_OFFLINE_ID = `select ${MESSAGE_SELECT_COLUMNS}
  from messages where sender_id = ? and offline_threading_id = ?`;
const NEXT_MESSAGE_SEQ = `update threads set last_message_seq = last_message_seq + 1,
    last_activity_at = case when last_activity_at > ? then last_activity_at else ? end
  where id = ? returning last_message_seq`;
const MESSAGE_ROW = `(${MESSAGE_COLUMNS.map(() => '?').join(', ')})`;
export const insertMessagesSql = (n: number): string =>
  `insert into messages (${MESSAGE_SELECT_COLUMNS})
  values ${placeholders(n, MESSAGE_ROW)}`;
const INSERT_MESSAGE = insertMessagesSql(1);

/** A message's values in the order of `insertMessagesSql` (MESSAGE_COLUMNS). */
export const messageValues = (m: MessageRecord): (string | number | null)[] =>
  MESSAGE_COLUMNS.map((column) => m[column]);
const MARK_OWN_READ = `update thread_participants set last_read_seq = ?, last_delivered_seq = ?
  where thread_id = ? and participant_id = ?`;
const MARK_OWN_READ_ACCEPT = `update thread_participants set last_read_seq = ?,
    last_delivered_seq = ?, hidden = 0, folder = 'INBOX'
  where thread_id = ? and participant_id = ?`;

/** The columns of PARTICIPANTS, in order. */
export type ParticipantRow = [
  thread_id: string,
  participant_id: string,
  participant_kind: string,
  folder: string,
  nickname: string | null,
  last_read_seq: number,
  last_delivered_seq: number,
  hidden: number,
  joined_at: number,
];

export function participantOf(row: ParticipantRow): ParticipantRecord {
  return {
    thread_id: row[0],
    participant_id: row[1],
    participant_kind: row[2] === 'page' ? 'page' : 'person',
    folder: row[3],
    nickname: row[4],
    last_read_seq: row[5],
    last_delivered_seq: row[6],
    hidden: row[7],
    joined_at: row[8],
  };
}

function sqliteStore(direct: DirectSql): SendStore {
  return {
    thread: (threadId) =>
      Promise.resolve(direct.get(THREAD, [threadId]) as ThreadRecord | undefined),
    participants: (threadId) => {
      const rows = direct.rows(PARTICIPANTS, [threadId]) as ParticipantRow[];
      return Promise.resolve(rows.map(participantOf));
    },
    messageByOfflineId: (senderId, offlineId) =>
      Promise.resolve(
        direct.get(MESSAGE_BY_OFFLINE_ID, [senderId, offlineId]) as MessageRecord | undefined,
      ),
    nextMessageSeq: (threadId, now) => {
      const row = direct.get(NEXT_MESSAGE_SEQ, [now, now, threadId]) as
        { last_message_seq: number } | undefined;
      if (row === undefined) return Promise.reject(new Error(`no thread ${threadId}`));
      return Promise.resolve(row.last_message_seq);
    },
    insertMessage: (m) => {
      direct.run(INSERT_MESSAGE, messageValues(m));
      return Promise.resolve();
    },
    markOwnRead: (threadId, participantId, seq, accept) => {
      direct.run(accept ? MARK_OWN_READ_ACCEPT : MARK_OWN_READ, [
        seq,
        seq,
        threadId,
        participantId,
      ]);
      return Promise.resolve();
    },
    flush: () => Promise.resolve(),
  };
}
