import type { WireReaction } from '@messenger/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { viewerOf } from '../../graphql/errors';
import { ThreadInterface } from '../social-graph/schema-thread';
import { MessageType } from '../messaging/schema-types';
import { withSyncTables } from '../../storage/tables/sync';
import { reactionsOf, setReaction, type ReactionsResult } from './service';
import { withReactionTables } from '../../storage/tables/reactions';

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

/**
 * The newest reaction of every thread a request resolves, read together: a
 * page of the thread list asks in one turn and one query answers it (it
 * was a query per thread). Each thread's newest is found by the
 * (thread_id, created_at) index.
 */
function loadLastReaction(ctx: GraphQLContext, threadId: string): Promise<LastReaction | null> {
  const batch = ctx.memo.get('last-reaction-batch', () => ({
    pending: null as null | Promise<Map<string, LastReaction>>,
    ids: [] as string[],
  }));
  batch.ids.push(threadId);
  batch.pending ??= Promise.resolve().then(() => {
    const ids = [...new Set(batch.ids.splice(0))];
    batch.pending = null;
    return ctx.app.db.read(async (k) => {
      const rows = await withReactionTables(withSyncTables(k))
        .selectFrom('message_reactions as r')
        .innerJoin('messages as m', (join) =>
          join.onRef('m.id', '=', 'r.message_id').onRef('m.thread_id', '=', 'r.thread_id'),
        )
        .select([
          'r.thread_id',
          'r.reactor_id',
          'r.emoji',
          'r.message_id',
          'm.sender_id',
          'r.created_at',
        ])
        .where('r.thread_id', 'in', ids)
        .where((eb) =>
          eb(
            'r.created_at',
            '=',
            eb
              .selectFrom('message_reactions as newest')
              .select((e) => e.fn.max('newest.created_at').as('at'))
              .whereRef('newest.thread_id', '=', 'r.thread_id'),
          ),
        )
        .orderBy('r.thread_id')
        .orderBy('r.message_id', 'desc')
        .orderBy('r.reactor_id', 'desc')
        .execute();
      const out = new Map<string, LastReaction>();
      for (const row of rows) {
        // Ties (the same millisecond) keep one: the first in the stable order above.
        if (out.has(row.thread_id)) continue;
        out.set(row.thread_id, {
          actor_id: row.reactor_id,
          emoji: row.emoji,
          message_id: row.message_id,
          message_sender_id: row.sender_id,
          at: row.created_at,
        });
      }
      return out;
    });
  });
  return batch.pending.then((map) => map.get(threadId) ?? null);
}

builder.interfaceField(ThreadInterface, 'last_reaction', (t) =>
  t.field({
    type: LastReactionType,
    nullable: true,
    resolve: (m, _a, ctx) => loadLastReaction(ctx, m.row.id),
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
