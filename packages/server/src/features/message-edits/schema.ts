import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { viewerOf } from '../../graphql/errors';
import { parseMessageId } from '../messaging/ids';
import { MessageType } from '../messaging/schema-types';
import { withSyncTables } from '../../storage/tables/sync';
import { editMessage, unsendMessage } from './service';
import { withEditTables } from './tables';

/*
 * Editing and unsending in GraphQL: each message's edit time (read for a
 * history page in one query per thread), edit_message and unsend_message.
 */

/** Edit times of the messages a request resolves, asked together per thread (found by seq). */
function loadEditedAt(ctx: GraphQLContext, messageId: string): Promise<number | null> {
  const place = parseMessageId(messageId);
  if (place === null) return Promise.resolve(null);
  const batch = ctx.memo.get(`edited-at:${place.threadId}`, () => ({
    pending: null as null | Promise<Map<number, number | null>>,
    seqs: [] as number[],
  }));
  batch.seqs.push(place.seq);
  batch.pending ??= Promise.resolve().then(() => {
    const seqs = batch.seqs.splice(0);
    batch.pending = null;
    return ctx.app.db.read(async (k) => {
      const rows = await withEditTables(withSyncTables(k))
        .selectFrom('messages')
        .select(['seq_in_thread', 'edited_at'])
        .where('thread_id', '=', place.threadId)
        .where('seq_in_thread', 'in', seqs)
        .execute();
      return new Map(rows.map((r) => [r.seq_in_thread, r.edited_at]));
    });
  });
  return batch.pending.then((map) => map.get(place.seq) ?? null);
}

builder.objectField(MessageType, 'edited_at', (t) =>
  t.float({
    nullable: true,
    description: 'When its sender last edited the text (ms since the epoch); null if never.',
    resolve: (m, _a, ctx) => loadEditedAt(ctx, m.id),
  }),
);

const EditedMessage = builder
  .objectRef<{ message_id: string; thread_id: string; text: string; edited_at: number | null }>(
    'EditedMessage',
  )
  .implement({
    fields: (t) => ({
      message_id: t.exposeID('message_id'),
      thread_id: t.exposeID('thread_id'),
      text: t.exposeString('text'),
      edited_at: t.float({ nullable: true, resolve: (m) => m.edited_at }),
    }),
  });

const UnsentMessage = builder
  .objectRef<{ message_id: string; thread_id: string }>('UnsentMessage')
  .implement({
    fields: (t) => ({
      message_id: t.exposeID('message_id'),
      thread_id: t.exposeID('thread_id'),
    }),
  });

builder.mutationField('edit_message', (t) =>
  t.field({
    type: EditedMessage,
    description: "Changes the text of one of the viewer's own messages within the edit window.",
    authScopes: { authenticated: true },
    args: { message_id: t.arg.id({ required: true }), text: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      editMessage(ctx.app, viewerOf(ctx), { message_id: args.message_id, text: args.text }),
  }),
);

builder.mutationField('unsend_message', (t) =>
  t.field({
    type: UnsentMessage,
    description:
      "Takes back one of the viewer's own messages for everyone within the unsend window: " +
      'it stays as a tombstone without its text, images and reactions.',
    authScopes: { authenticated: true },
    args: { message_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => unsendMessage(ctx.app, viewerOf(ctx), args.message_id),
  }),
);
