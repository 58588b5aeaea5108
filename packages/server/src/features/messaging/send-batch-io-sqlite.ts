import type { DirectSql } from '../../storage/db';
import { inGroups, placeholders } from '../../storage/direct-rows';
import { MESSAGE_SELECT_COLUMNS } from '../../storage/message-columns';
import type { MessageRecord, ParticipantRecord, ThreadRecord } from './repo';
import {
  PARTICIPANTS_SELECT,
  THREAD_SELECT,
  insertMessagesSql,
  messageValues,
  participantOf,
  type ParticipantRow,
} from './send-store';
import type { BatchIo } from './send-store-batched';

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
export function sqliteBatchIo(direct: DirectSql): BatchIo {
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
