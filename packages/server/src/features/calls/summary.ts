import { callSummaryLine, formatCallSummaryLine } from '@messenger/core';
import type { Transaction } from 'kysely';
import { viewingsOf } from '../messaging/audience';
import { messageId } from '../messaging/ids';
import { getParticipants, insertMessage, nextMessageSeq, toWireMessage } from '../messaging/repo';
import type { DeltaSink } from '../sync/commit';
import type { SyncDatabase } from '../../storage/tables/sync';
import type { CallRow } from './repo';

/** The thread's call summary line, from the caller ('Video call · 3 min', 'Missed video call'). */
export async function postSummary(
  trx: { k: Transaction<SyncDatabase> },
  sink: DeltaSink,
  call: CallRow,
  people: Awaited<ReturnType<typeof getParticipants>>,
): Promise<void> {
  const now = call.ended_at ?? call.started_at;
  const durationMs = call.connected_at === null ? null : Math.max(0, now - call.connected_at);
  const text = formatCallSummaryLine(
    callSummaryLine({
      callId: call.id,
      kind: call.kind,
      direction: 'outgoing',
      reason: durationMs === null ? 'no_answer' : 'hung_up',
      durationMs,
    }),
  );
  const seq = await nextMessageSeq(trx.k, call.thread_id, now);
  const message = {
    id: messageId(call.thread_id, seq),
    thread_id: call.thread_id,
    sender_id: call.initiator_id,
    text,
    created_at: now,
    seq_in_thread: seq,
    offline_threading_id: null,
    entry_point: null,
    tags: '[]',
    kind: 'call_summary',
    attachments: '[]',
    reply_to: null,
    mentions: '[]',
  };
  await insertMessage(trx.k, message);
  const wire = toWireMessage(message);
  for (const viewing of await viewingsOf(trx.k, people)) {
    if (viewing.as === call.initiator_id) {
      sink.add({ userId: viewing.userId, delta: { kind: 'message_new', message: wire } });
    } else {
      sink.add({
        userId: viewing.userId,
        delta: { kind: 'message_new', message: wire },
        ack: { threadId: call.thread_id, as: viewing.as, seqInThread: seq },
      });
    }
  }
}
