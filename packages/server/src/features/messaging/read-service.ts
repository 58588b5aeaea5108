import type { WireThread } from '@messenger/core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { commitWithDeltas } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { requireActor, unknownThread, viewingsOf } from './audience';
import { parseInput } from './input';
import { getParticipants, getThread } from './repo';
import { addThreadUpdates, threadSnapshot } from './snapshot';
import { threadAction, stillIn } from './thread-action';

const id = z.string().regex(/^\d{1,32}$/, 'Expected an id of digits.');

const markReadInput = z.object({
  thread_id: id,
  /** Read up to this seq_in_thread; the newest message when absent. */
  seq: z.number().int().min(0).optional(),
});

/**
 * Marks the thread read for the participant the viewer acts as (for a page:
 * for all its admins). The others get a read_receipt (seen) unless the thread
 * is still a message request for the reader: a request does not tell its
 * sender it was seen until it is accepted. The reader's devices get the
 * thread with its new unread count.
 */
export async function markRead(ctx: AppContext, viewer: Viewer, raw: unknown): Promise<WireThread> {
  const input = parseInput(markReadInput, raw);
  return commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const thread = await getThread(k, input.thread_id);
    if (thread === undefined) throw unknownThread();
    const before = await getParticipants(k, thread.id);
    const actor = await requireActor(k, before, viewer);
    const target = Math.min(input.seq ?? thread.last_message_seq, thread.last_message_seq);
    if (target <= actor.row.last_read_seq) return threadSnapshot(k, thread, before, actor.id);
    await k
      .updateTable('thread_participants')
      .set({
        last_read_seq: target,
        last_delivered_seq: Math.max(actor.row.last_delivered_seq, target),
      })
      .where('thread_id', '=', thread.id)
      .where('participant_id', '=', actor.id)
      .execute();
    const participants = await getParticipants(k, thread.id);
    const viewings = await viewingsOf(k, participants, { includeHidden: true });
    const own = viewings.filter((v) => v.as === actor.id);
    await addThreadUpdates(k, sink, thread, participants, own);
    if (actor.row.folder !== 'PENDING') {
      const receipt = {
        kind: 'read_receipt',
        thread_id: thread.id,
        user_id: actor.id,
        seq: target,
      } as const;
      for (const viewing of await viewingsOf(k, participants)) {
        if (viewing.as !== actor.id) sink.add({ userId: viewing.userId, delta: receipt });
      }
    }
    return threadSnapshot(k, thread, participants, actor.id);
  });
}

const threadInput = z.object({ thread_id: id });

/** Accepts a message request (or a filtered thread): it moves to INBOX, and shows again if ignored. */
export async function acceptRequest(
  ctx: AppContext,
  viewer: Viewer,
  raw: unknown,
): Promise<WireThread> {
  const input = parseInput(threadInput, raw);
  const thread = await threadAction(ctx, viewer, input.thread_id, async (scope) => {
    const own = scope.actor.row;
    if (own.folder === 'INBOX' && own.hidden === 0) return { changed: false };
    await scope.k
      .updateTable('thread_participants')
      .set({ folder: 'INBOX', hidden: 0 })
      .where('thread_id', '=', scope.thread.id)
      .where('participant_id', '=', scope.actor.id)
      .execute();
    // What was read while it was a request is told now.
    if (own.folder === 'PENDING' && own.last_read_seq > 0) {
      const receipt = {
        kind: 'read_receipt',
        thread_id: scope.thread.id,
        user_id: scope.actor.id,
        seq: own.last_read_seq,
      } as const;
      for (const viewing of await viewingsOf(scope.k, scope.participants)) {
        if (viewing.as !== scope.actor.id)
          scope.sink.add({ userId: viewing.userId, delta: receipt });
      }
    }
    return { changed: true };
  });
  return stillIn(thread);
}

/**
 * Ignores a message request: it leaves every folder of the ignoring side
 * (thread_removed to their devices) and the sender is not told. New messages
 * are still stored but reach no device of theirs until they accept or reply.
 */
export async function ignoreRequest(ctx: AppContext, viewer: Viewer, raw: unknown): Promise<void> {
  const input = parseInput(threadInput, raw);
  await commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const thread = await getThread(k, input.thread_id);
    if (thread === undefined) throw unknownThread();
    const participants = await getParticipants(k, thread.id);
    const actor = await requireActor(k, participants, viewer);
    if (actor.row.folder !== 'PENDING' && actor.row.folder !== 'OTHER') {
      throw badRequest('thread_id', 'thread_id: only message requests can be ignored.');
    }
    if (actor.row.hidden === 1) return;
    const own = (await viewingsOf(k, participants, { includeHidden: true })).filter(
      (v) => v.as === actor.id,
    );
    await k
      .updateTable('thread_participants')
      .set({ hidden: 1 })
      .where('thread_id', '=', thread.id)
      .where('participant_id', '=', actor.id)
      .execute();
    for (const viewing of own) {
      sink.add({
        userId: viewing.userId,
        delta: { kind: 'thread_removed', thread_id: thread.id, reason: 'ignored' },
      });
    }
  });
}
