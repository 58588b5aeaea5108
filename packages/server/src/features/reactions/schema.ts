import type { WireReaction } from '@messenger/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { viewerOf } from '../../graphql/errors';
import { ThreadInterface } from '../graph/schema-thread';
import { MessageType } from '../messaging/schema-types';
import { withSyncTables } from '../sync/tables';
import { reactionsOf, setReaction, type ReactionsResult } from './service';
import { withReactionTables } from './tables';

/*
 * Reactions in GraphQL: each message's reactions (read for a whole history
 * page in one query), the newest reaction of a thread for the thread list's
 * preview, and set_message_reaction.
 */

const ReactionType = builder.objectRef<WireReaction>('MessageReaction').implement({
  description: "One participant's reaction to a message.",
  fields: (t) => ({
    user_id: t.exposeID('user_id'),
    emoji: t.exposeString('emoji'),
  }),
});

/**
 * The reactions of every message a request resolves, read together: the
 * history's 50 messages ask in one turn, and one query answers them all.
 */
function loadReactions(ctx: GraphQLContext, messageId: string): Promise<WireReaction[]> {
  const batch = ctx.memo.get('reactions-batch', () => ({
    pending: null as null | Promise<Map<string, WireReaction[]>>,
    ids: [] as string[],
  }));
  batch.ids.push(messageId);
  batch.pending ??= Promise.resolve().then(() => {
    const ids = batch.ids.splice(0);
    batch.pending = null;
    return ctx.app.db.read((k) => reactionsOf(withReactionTables(withSyncTables(k)), ids));
  });
  return batch.pending.then((map) => map.get(messageId) ?? []);
}

builder.objectField(MessageType, 'reactions', (t) =>
  t.field({
    type: [ReactionType],
    description: 'Every reaction, one per participant, in the order given.',
    resolve: (m, _a, ctx) => loadReactions(ctx, m.id),
  }),
);

interface LastReaction {
  actor_id: string;
  emoji: string;
  message_id: string;
  message_sender_id: string;
  at: number;
}

const LastReactionType = builder.objectRef<LastReaction>('ThreadLastReaction').implement({
  description: 'The newest reaction in a thread: the thread list previews it when it is newest.',
  fields: (t) => ({
    actor_id: t.exposeID('actor_id'),
    emoji: t.exposeString('emoji'),
    message_id: t.exposeID('message_id'),
    message_sender_id: t.exposeID('message_sender_id'),
    /** Milliseconds since the epoch. */
    at: t.float({ resolve: (r) => r.at }),
  }),
});

builder.interfaceField(ThreadInterface, 'last_reaction', (t) =>
  t.field({
    type: LastReactionType,
    nullable: true,
    resolve: async (m, _a, ctx) => {
      const row = await ctx.app.db.read((k) =>
        withReactionTables(withSyncTables(k))
          .selectFrom('message_reactions as r')
          .innerJoin('messages as m', (join) =>
            join.onRef('m.id', '=', 'r.message_id').onRef('m.thread_id', '=', 'r.thread_id'),
          )
          .select(['r.reactor_id', 'r.emoji', 'r.message_id', 'm.sender_id', 'r.created_at'])
          .where('r.thread_id', '=', m.row.id)
          .orderBy('r.created_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
      );
      return row === undefined
        ? null
        : {
            actor_id: row.reactor_id,
            emoji: row.emoji,
            message_id: row.message_id,
            message_sender_id: row.sender_id,
            at: row.created_at,
          };
    },
  }),
);

const ReactionsResultType = builder.objectRef<ReactionsResult>('MessageReactions').implement({
  fields: (t) => ({
    message_id: t.exposeID('message_id'),
    thread_id: t.exposeID('thread_id'),
    reactions: t.field({ type: [ReactionType], resolve: (r) => r.reactions }),
  }),
});

builder.mutationField('set_message_reaction', (t) =>
  t.field({
    type: ReactionsResultType,
    description:
      "Gives, changes (an emoji) or removes (null) the viewer's one reaction to a message.",
    authScopes: { authenticated: true },
    args: {
      message_id: t.arg.id({ required: true }),
      emoji: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      setReaction(ctx.app, viewerOf(ctx), {
        message_id: args.message_id,
        emoji: args.emoji ?? null,
      }),
  }),
);
