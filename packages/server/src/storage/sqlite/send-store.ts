import type { DirectSql } from '../db';
import { inGroups, placeholders } from '../direct-rows';
import {
  MESSAGE_COLUMNS,
  MESSAGE_SELECT_COLUMNS,
  PARTICIPANT_COLUMNS,
  THREAD_COLUMNS,
  type MessageRecord,
  type ParticipantRecord,
  type ThreadRecord,
} from '../records';
import type { BatchIo, SendStorage, SendStore } from '../send-store';

/**
 * The send path on SQLite (send-store.ts): prepared statements run straight
 * on the connection (Db.direct) inside the transaction, rows in groups
 * (direct-rows.ts). SQLite has one writer: one batch at a time, up to 128
 * sends (at about 0.2 ms each, ~25 ms of holding the writer; a larger batch
 * shares more of the log's pages between its recipients' deltas).
 */
export function sqliteSendStorage(direct: DirectSql): SendStorage {
  const store = sqliteStore(direct);
  const io = sqliteBatchIo(direct);
  return {
    batching: { maxBatch: 128, concurrency: 1, failedStatementAbortsTransaction: false },
    store: () => store,
    batchIo: () => io,
  };
}

const THREAD_SELECT = `select ${THREAD_COLUMNS.join(', ')} from threads`;
const THREAD = `${THREAD_SELECT} where id = ?`;
const PARTICIPANTS_SELECT = `select ${PARTICIPANT_COLUMNS.join(', ')} from thread_participants`;
const PARTICIPANTS = `${PARTICIPANTS_SELECT} where thread_id = ? order by joined_at, participant_id`;
const MESSAGE_BY_OFFLINE_ID = `select ${MESSAGE_SELECT_COLUMNS}
  from messages where sender_id = ? and offline_threading_id = ?`;
const NEXT_MESSAGE_SEQ = `update threads set last_message_seq = last_message_seq + 1,
    last_activity_at = case when last_activity_at > ? then last_activity_at else ? end
  where id = ? returning last_message_seq`;
const MESSAGE_ROW = `(${MESSAGE_COLUMNS.map(() => '?').join(', ')})`;
const insertMessagesSql = (n: number): string =>
  `insert into messages (${MESSAGE_SELECT_COLUMNS})
  values ${placeholders(n, MESSAGE_ROW)}`;
const INSERT_MESSAGE = insertMessagesSql(1);

/** A message's values in the order of `insertMessagesSql` (MESSAGE_COLUMNS). */
const messageValues = (m: MessageRecord): (string | number | null)[] =>
  MESSAGE_COLUMNS.map((column) => m[column]);
const MARK_OWN_READ = `update thread_participants set last_read_seq = ?, last_delivered_seq = ?
  where thread_id = ? and participant_id = ?`;
const MARK_OWN_READ_ACCEPT = `update thread_participants set last_read_seq = ?,
    last_delivered_seq = ?, hidden = 0, folder = 'INBOX'
  where thread_id = ? and participant_id = ?`;

/** The columns of PARTICIPANTS, in order (PARTICIPANT_COLUMNS). */
type ParticipantRow = [
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

function participantOf(row: ParticipantRow): ParticipantRecord {
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

const threadsIn = (n: number): string => `${THREAD_SELECT} where id in (${placeholders(n, '?')})`;
const participantsIn = (n: number): string =>
  `${PARTICIPANTS_SELECT} where thread_id in (${placeholders(n, '?')})
  order by thread_id, joined_at, participant_id`;
// The CTE's columns are named apart from the messages' so the select list needs no prefix.
const messagesByPairs = (n: number): string =>
  `with wanted(s, o) as (values ${placeholders(n, '(?, ?)')})
  select ${MESSAGE_SELECT_COLUMNS} from wanted
  join messages on messages.sender_id = wanted.s and messages.offline_threading_id = wanted.o`;
const updateHeads = (n: number): string =>
  `with v(id, seq, at) as (values ${placeholders(n, '(?, ?, ?)')})
  update threads set last_message_seq = v.seq, last_activity_at = v.at
  from v where threads.id = v.id`;
// A sender's own read mark; accepting a request also moves the thread to INBOX. Apart, so
// that the common mark names no indexed column (SQLite rewrites an index entry of a SET column).
const updateReads = (n: number, accept: boolean): string =>
  `with v(thread_id, participant_id, seq) as (values ${placeholders(n, '(?, ?, ?)')})
  update thread_participants set last_read_seq = v.seq, last_delivered_seq = v.seq
    ${accept ? ", hidden = 0, folder = 'INBOX'" : ''}
  from v where thread_participants.thread_id = v.thread_id
    and thread_participants.participant_id = v.participant_id`;

/**
 * A batch's reads and writes on SQLite, as prepared statements straight on
 * the connection inside the batch's transaction (one writer: nothing read
 * here can change before the batch commits), rows in groups (direct-rows.ts).
 */
function sqliteBatchIo(direct: DirectSql): BatchIo {
  return {
    readAhead: (threadIds, pairs) => {
      const threads: ThreadRecord[] = [];
      const participants: ParticipantRecord[] = [];
      const messages: MessageRecord[] = [];
      inGroups(threadIds, (ids) => {
        threads.push(...(direct.all(threadsIn(ids.length), ids) as ThreadRecord[]));
        const rows = direct.rows(participantsIn(ids.length), ids) as ParticipantRow[];
        for (const row of rows) participants.push(participantOf(row));
      });
      inGroups(pairs, (group) => {
        const params = group.flatMap((p) => [p.senderId, p.offlineId]);
        messages.push(...(direct.all(messagesByPairs(group.length), params) as MessageRecord[]));
      });
      return Promise.resolve({ threads, participants, messages });
    },
    write: ({ messages, heads, reads }) => {
      inGroups(messages, (group) => {
        direct.run(insertMessagesSql(group.length), group.flatMap(messageValues));
      });
      inGroups(heads, (group) => {
        direct.run(
          updateHeads(group.length),
          group.flatMap((h) => [h.threadId, h.seq, h.at]),
        );
      });
      for (const accept of [false, true]) {
        inGroups(
          reads.filter((r) => r.accept === accept),
          (group) => {
            direct.run(
              updateReads(group.length, accept),
              group.flatMap((r) => [r.threadId, r.participantId, r.seq]),
            );
          },
        );
      }
      return Promise.resolve();
    },
  };
}
