import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { viewerOf } from '../../graphql/errors';
import { MessageType } from '../messaging/schema-types';
import { withSyncTables } from '../../storage/tables/sync';
import { removeForYou } from './service';
import { withHiddenTables } from '../../storage/tables/hidden-messages';

/** Which of the messages a request resolves the viewer removed for themselves, asked together. */
function loadRemoved(ctx: GraphQLContext, messageId: string): Promise<boolean> {
  const viewerId = ctx.viewer?.id;
  if (viewerId === undefined) return Promise.resolve(false);
  const batch = ctx.memo.get('hidden-batch', () => ({
    pending: null as null | Promise<Set<string>>,
    ids: [] as string[],
  }));
  batch.ids.push(messageId);
  batch.pending ??= Promise.resolve().then(() => {
    const ids = batch.ids.splice(0);
    batch.pending = null;
    return ctx.app.db.read(async (k) => {
      const rows = await withHiddenTables(withSyncTables(k))
        .selectFrom('hidden_messages')
        .select('message_id')
        .where('user_id', '=', viewerId)
        .where('message_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.message_id));
    });
  });
  return batch.pending.then((set) => set.has(messageId));
}

builder.objectField(MessageType, 'removed_for_you', (t) =>
  t.boolean({
    description: 'The viewer removed this message for themselves: their history leaves it out.',
    resolve: (m, _a, ctx) => loadRemoved(ctx, m.id),
  }),
);

const RemovedMessage = builder
  .objectRef<{ message_id: string; thread_id: string }>('RemovedForYouMessage')
  .implement({
    fields: (t) => ({
      message_id: t.exposeID('message_id'),
      thread_id: t.exposeID('thread_id'),
    }),
  });

builder.mutationField('remove_message_for_you', (t) =>
  t.field({
    type: RemovedMessage,
    description: "Removes a message from the viewer's own history only (all their devices).",
    authScopes: { authenticated: true },
    args: { message_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeForYou(ctx.app, viewerOf(ctx), args.message_id),
  }),
);
