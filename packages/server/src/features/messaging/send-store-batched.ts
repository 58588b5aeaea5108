import type { BatchedSend } from './send-batcher';
import type {
  BatchIo,
  BatchWrites,
  OfflineIdPair,
  ReadMarkWrite,
  SendStore,
  ThreadHeadWrite,
} from '../../storage/send-store';
import type { MessageRecord, ParticipantRecord, ThreadRecord } from './repo';

/**
 * The send store of one unguarded batch: the batch's rows are read up front
 * and its writes go out together at the end. On PostgreSQL a round trip costs
 * far more than the work of a send; on SQLite a call into the driver costs
 * about as much as SQLite's work for a row, and a thread's head rewritten once
 * per batch instead of once per message dirties its pages once.
 *
 * - Every thread named by a `thread_id` is read before the first send (and on
 *   PostgreSQL locked, `for update` in id order, which is what
 *   `nextMessageSeq`'s update would have taken; it holds until commit, so the
 *   seqs handed out from memory are the thread's next ones; SQLite has one
 *   writer), then its participants and the messages the batch's offline ids
 *   may already name.
 * - Writes to those threads are kept and applied by `flush` in a few
 *   statements: the insert of messages, the update of thread heads and that of
 *   read marks. The cache is written through, so later sends of the batch read
 *   what earlier ones wrote (a retried offline id finds its message).
 * - A thread the batch did not name (a first message, or one found by
 *   recipient) is read and written at once, by the plain store.
 *
 * A failed `flush` (a duplicate from another node, say) spoils the batch,
 * which runs again with a savepoint per send and the plain store.
 */

export async function batchedStore(
  io: BatchIo,
  plain: SendStore,
  batch: readonly BatchedSend[],
): Promise<SendStore> {
  const named = new Set(batch.flatMap((s) => s.input.thread_id ?? []));
  if (named.size === 0) return plain;
  const threadIds = [...named].sort();

  const pairs = new Map<string, OfflineIdPair>();
  for (const s of batch) {
    const senderId = s.viewer.id;
    const offlineId = s.input.offline_threading_id;
    pairs.set(pairKey(senderId, offlineId), { senderId, offlineId });
  }
  const read = await io.readAhead(threadIds, [...pairs.values()]);

  const threads = new Map<string, ThreadRecord>();
  for (const row of read.threads) threads.set(row.id, { ...row });
  const participants = new Map<string, ParticipantRecord[]>();
  for (const row of read.participants) {
    const record: ParticipantRecord = {
      ...row,
      participant_kind: row.participant_kind === 'page' ? 'page' : 'person',
    };
    const list = participants.get(row.thread_id);
    if (list === undefined) participants.set(row.thread_id, [record]);
    else list.push(record);
  }

  /**
   * Offline ids whose answer is known without asking: absent unless in
   * `messages`. The pairs are those of the batch's senders; a send acting as a
   * page is looked up by the page's id and asks the plain store.
   */
  const checked = new Set(pairs.keys());
  const messages = new Map<string, MessageRecord>();
  for (const row of read.messages) {
    if (row.offline_threading_id !== null)
      messages.set(pairKey(row.sender_id, row.offline_threading_id), row);
  }

  const pendingMessages: MessageRecord[] = [];
  const pendingHeads = new Map<string, ThreadHeadWrite>();
  const pendingReads = new Map<string, ReadMarkWrite>();
  /** What the sends deferred, handed over once; undefined when nothing is. */
  const takePending = (): BatchWrites | undefined => {
    const writes: BatchWrites = {
      messages: [...pendingMessages],
      heads: [...pendingHeads.values()],
      reads: [...pendingReads.values()],
    };
    pendingMessages.length = 0;
    pendingHeads.clear();
    pendingReads.clear();
    const count = writes.messages.length + writes.heads.length + writes.reads.length;
    return count === 0 ? undefined : writes;
  };

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
      pendingHeads.set(threadId, {
        threadId,
        seq: thread.last_message_seq,
        at: thread.last_activity_at,
      });
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
      const writes = takePending();
      if (writes !== undefined) await io.write(writes);
    },
    takeDeferredWrites: () => {
      if (io.alongside === undefined) return undefined;
      const writes = takePending();
      return writes === undefined ? undefined : io.alongside(writes);
    },
  };
}

const pairKey = (a: string, b: string): string => `${a}\u0000${b}`;
