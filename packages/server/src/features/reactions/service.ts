import { reactionInputSchema, type WireReaction } from '@messenger/core';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { storesOf } from '../../storage/stores';
import type { Viewer } from '../accounts/viewer';
import { actorIn, viewingsOf } from '../messaging/audience';
import { parseMessageId } from '../messaging/ids';
import { getParticipants } from '../messaging/repo';
import { commitWithDeltas } from '../sync/commit';
import { withSyncTables } from '../../storage/tables/sync';
import { withReactionTables, type ReactionDatabase } from '../../storage/tables/reactions';

const noSuchMessage = (): AppError => {
  const error = notFound('There is no such message.');
  return error.withField('message_id');
};

export interface ReactionsResult {
  message_id: string;
  thread_id: string;
  reactions: WireReaction[];
}

/** A message's reactions in the order given. */
export async function reactionsOf(
  k: Kysely<ReactionDatabase>,
  messageIds: readonly string[],
): Promise<Map<string, WireReaction[]>> {
  const out = new Map<string, WireReaction[]>();
  if (messageIds.length === 0) return out;
  const rows = await k
    .selectFrom('message_reactions')
    .select(['message_id', 'reactor_id', 'emoji'])
    .where('message_id', 'in', [...messageIds])
    .orderBy('created_at')
    .orderBy('reactor_id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.message_id) ?? [];
    list.push({ user_id: row.reactor_id, emoji: row.emoji });
    out.set(row.message_id, list);
  }
  return out;
}

/**
 * set_message_reaction: the viewer (as themselves, or as the page they answer
 * for) gives a message their one reaction, changes it, or removes it (null).
 * Only participants may react, and only to an ordinary message. Setting what
 * is already set changes nothing and appends no delta, so a retry is harmless;
 * otherwise every participant's devices get the message's reactions as they
 * now are, in the same transaction as the change.
 */
export async function setReaction(
  ctx: AppContext,
  viewer: Viewer,
  input: unknown,
): Promise<ReactionsResult> {
  const parsed = reactionInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : 'input';
    throw badRequest(field, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  const { message_id: messageId, emoji } = parsed.data;
  return commitWithDeltas(ctx, async (trx, sink) => {
    const k = withSyncTables(trx);
    const r = withReactionTables(k);
    const place = parseMessageId(messageId);
    if (place === null) throw noSuchMessage();
    // Two people reacting at once: each delta must carry the other's reaction too.
    const message = await storesOf(ctx.db)
      .locks.forUpdate(
        k
          .selectFrom('messages')
          .select(['id', 'thread_id', 'sender_id', 'kind'])
          .where('thread_id', '=', place.threadId)
          .where('seq_in_thread', '=', place.seq),
      )
      .executeTakeFirst();
    if (message === undefined || message.id !== messageId) throw noSuchMessage();
    const participants = await getParticipants(k, message.thread_id);
    const actor = await actorIn(k, participants, viewer.id);
    if (actor === null) throw noSuchMessage();
    if (message.kind !== 'text') {
      throw new AppError('forbidden', 'This message takes no reactions.', 'message_id');
    }
    const current = await r
      .selectFrom('message_reactions')
      .select(['emoji'])
      .where('message_id', '=', message.id)
      .where('reactor_id', '=', actor.id)
      .executeTakeFirst();
    const unchanged = (current?.emoji ?? null) === emoji;
    const now = ctx.clock.now();
    if (!unchanged) {
      if (emoji === null) {
        await r
          .deleteFrom('message_reactions')
          .where('message_id', '=', message.id)
          .where('reactor_id', '=', actor.id)
          .execute();
      } else if (current === undefined) {
        await r
          .insertInto('message_reactions')
          .values({
            message_id: message.id,
            reactor_id: actor.id,
            thread_id: message.thread_id,
            emoji,
            created_at: now,
          })
          .execute();
      } else {
        await r
          .updateTable('message_reactions')
          .set({ emoji, created_at: now })
          .where('message_id', '=', message.id)
          .where('reactor_id', '=', actor.id)
          .execute();
      }
    }
    const reactions = (await reactionsOf(r, [message.id])).get(message.id) ?? [];
    if (!unchanged) {
      const delta = {
        kind: 'message_reactions',
        thread_id: message.thread_id,
        message_id: message.id,
        reactions,
        actor_id: actor.id,
        emoji,
        message_sender_id: message.sender_id,
        at: now,
      } as const;
      for (const viewing of await viewingsOf(k, participants)) {
        sink.add({ userId: viewing.userId, delta });
      }
    }
    return { message_id: message.id, thread_id: message.thread_id, reactions };
  });
}
