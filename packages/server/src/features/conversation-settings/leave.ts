import { PARTICIPANT_LEFT_KIND } from '@messenger/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { requireActor, unknownThread, viewingsAs, viewingsOf } from '../messaging/audience';
import { messageId } from '../messaging/ids';
import { parseInput } from '../messaging/input';
import {
  getParticipants,
  getThread,
  insertMessage,
  nextMessageSeq,
  toWireMessage,
} from '../messaging/repo';
import { addThreadUpdates } from '../messaging/snapshot';
import { commitWithDeltas } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';

const leaveInput = z.object({
  thread_id: z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.'),
});

/**
 * Leave group: the viewer stops being a participant (their devices get
 * thread_removed 'left'), and the others get the system line
 * "{name} left the group" (a participant_left message from the leaver) and
 * the thread without them. From then on history and sends answer 403
 * `forbidden`. A retry after a leave that succeeded succeeds again and
 * writes nothing; a one-to-one cannot be left.
 */
export async function leaveGroup(ctx: AppContext, viewer: Viewer, raw: unknown): Promise<void> {
  const input = parseInput(leaveInput, raw);
  await commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const thread = await getThread(k, input.thread_id);
    if (thread === undefined) throw unknownThread();
    if (thread.kind !== 'group') {
      throw badRequest('thread_id', 'thread_id: only a group conversation can be left.');
    }
    const participants = await getParticipants(k, thread.id);
    if (!participants.some((p) => p.participant_id === viewer.id)) {
      const left = await k
        .selectFrom('messages')
        .select('id')
        .where('thread_id', '=', thread.id)
        .where('sender_id', '=', viewer.id)
        .where('kind', '=', PARTICIPANT_LEFT_KIND)
        .limit(1)
        .executeTakeFirst();
      if (left !== undefined) return;
      // A page's admin answers for the page, but only a person leaves.
      await requireActor(k, participants, viewer);
      throw new AppError('forbidden', 'Only a member can leave the group.', 'thread_id');
    }
    for (const viewing of await viewingsAs(k, participants, viewer.id)) {
      sink.add({
        userId: viewing.userId,
        delta: { kind: 'thread_removed', thread_id: thread.id, reason: 'left' },
      });
    }
    await k
      .deleteFrom('thread_participants')
      .where('thread_id', '=', thread.id)
      .where('participant_id', '=', viewer.id)
      .execute();
    const now = ctx.clock.now();
    const seq = await nextMessageSeq(k, thread.id, now);
    const message = {
      id: messageId(thread.id, seq),
      thread_id: thread.id,
      sender_id: viewer.id,
      // The leaver's name as it was: they are no longer among the participants whose names
      // the readers hold. Each client words the line (core conversationSettingsMessages.leftGroup).
      text: viewer.name,
      created_at: now,
      seq_in_thread: seq,
      offline_threading_id: null,
      entry_point: null,
      tags: '[]',
      kind: PARTICIPANT_LEFT_KIND,
      attachments: '[]',
      reply_to: null,
      mentions: '[]',
    };
    await insertMessage(k, message);
    const remaining = await getParticipants(k, thread.id);
    const viewings = await viewingsOf(k, remaining);
    const wire = toWireMessage(message);
    for (const viewing of viewings) {
      sink.add({
        userId: viewing.userId,
        delta: { kind: 'message_new', message: wire },
        ack: { threadId: thread.id, as: viewing.as, seqInThread: seq },
      });
    }
    const after = await getThread(k, thread.id);
    if (after !== undefined) await addThreadUpdates(k, sink, after, remaining, viewings);
  });
}
