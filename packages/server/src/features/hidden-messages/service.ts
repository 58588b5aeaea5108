import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import type { Viewer } from '../accounts/viewer';
import { actorIn } from '../messaging/audience';
import { parseMessageId } from '../messaging/ids';
import { getParticipants } from '../messaging/repo';
import { commitWithDeltas } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { withHiddenTables } from '../../storage/tables/hidden-messages';

const noSuchMessage = (): AppError => {
  const error = notFound('There is no such message.');
  return error.withField('message_id');
};

/**
 * remove_message_for_you: the viewer hides one message of a thread they are
 * in from their own history, on all their devices (a message_hidden delta
 * to them alone); the others keep it. Removing it again writes nothing.
 */
export async function removeForYou(
  ctx: AppContext,
  viewer: Viewer,
  rawMessageId: unknown,
): Promise<{ message_id: string; thread_id: string }> {
  if (typeof rawMessageId !== 'string' || rawMessageId === '' || rawMessageId.length > 128) {
    throw badRequest('message_id', 'message_id: expected a message id.');
  }
  const messageId = rawMessageId;
  return commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const place = parseMessageId(messageId);
    if (place === null) throw noSuchMessage();
    const message = await k
      .selectFrom('messages')
      .select(['id', 'thread_id'])
      .where('thread_id', '=', place.threadId)
      .where('seq_in_thread', '=', place.seq)
      .executeTakeFirst();
    if (message === undefined) throw noSuchMessage();
    const participants = await getParticipants(k, message.thread_id);
    if ((await actorIn(k, participants, viewer.id)) === null) throw noSuchMessage();
    const h = withHiddenTables(k);
    const held = await h
      .selectFrom('hidden_messages')
      .select('message_id')
      .where('user_id', '=', viewer.id)
      .where('message_id', '=', message.id)
      .executeTakeFirst();
    if (held === undefined) {
      await h
        .insertInto('hidden_messages')
        .values({
          user_id: viewer.id,
          message_id: message.id,
          thread_id: message.thread_id,
          created_at: ctx.clock.now(),
        })
        .execute();
      sink.add({
        userId: viewer.id,
        delta: { kind: 'message_hidden', thread_id: message.thread_id, message_id: message.id },
      });
    }
    return { message_id: message.id, thread_id: message.thread_id };
  });
}
