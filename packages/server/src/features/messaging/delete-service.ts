import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { removeBlobs, unbindMessageAttachments } from '../../storage/attachment-rows';
import { removeReactionsOf, withReactionTables } from '../../storage/tables/reactions';
import { commitWithDeltas } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { actorIn, viewingsOf } from './audience';
import { parseMessageId } from './ids';
import { getParticipants } from './repo';

const noSuchMessage = (): AppError => {
  const error = notFound('There is no such message.');
  return error.withField('message_id');
};

/**
 * delete_message: the sender (a person, or a page's admin for the page's
 * message) removes one of their own messages from the thread for everyone.
 * Its row, its images' rows and every participant's delta commit together;
 * the images' blobs are removed after the commit. Someone else's message, or
 * one in a thread the viewer is not in, is "no such message".
 */
export async function deleteMessage(
  ctx: AppContext,
  viewer: Viewer,
  messageId: unknown,
): Promise<{ message_id: string; thread_id: string }> {
  if (typeof messageId !== 'string' || messageId === '' || messageId.length > 128) {
    throw badRequest('message_id', 'message_id: expected a message id.');
  }
  const { threadId, blobs } = await commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const place = parseMessageId(messageId);
    if (place === null) throw noSuchMessage();
    const message = await k
      .selectFrom('messages')
      .select(['id', 'thread_id', 'sender_id', 'kind'])
      .where('thread_id', '=', place.threadId)
      .where('seq_in_thread', '=', place.seq)
      .executeTakeFirst();
    if (message === undefined) throw noSuchMessage();
    const participants = await getParticipants(k, message.thread_id);
    const actor = await actorIn(k, participants, viewer.id);
    if (actor === null) throw noSuchMessage();
    if (actor.id !== message.sender_id || message.kind !== 'text') {
      throw new AppError('forbidden', 'You can delete only your own messages.', 'message_id');
    }
    const ids = await unbindMessageAttachments(trx, message.id);
    await removeReactionsOf(withReactionTables(k), message.id);
    await k
      .deleteFrom('messages')
      .where('thread_id', '=', place.threadId)
      .where('seq_in_thread', '=', place.seq)
      .execute();
    const delta = {
      kind: 'message_deleted',
      thread_id: message.thread_id,
      message_id: message.id,
    } as const;
    for (const viewing of await viewingsOf(k, participants)) {
      sink.add({ userId: viewing.userId, delta });
    }
    return { threadId: message.thread_id, blobs: ids };
  });
  await removeBlobs(ctx, blobs);
  return { message_id: messageId, thread_id: threadId };
}
