import type { Mention, WireMessage, WireReplyQuote } from '@messenger/core';
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { viewerOf } from '../../graphql/errors';
import { scopeOf } from '../social-graph/schema-scope';
import { AttachmentType } from '../attachments/schema';
import { ThreadInterface } from '../social-graph/schema-thread';
import { parseMessageId } from '../messaging/ids';
import { MessageType } from '../messaging/schema-types';
import { withSyncTables } from '../../storage/tables/sync';
import { quotesIn } from '../messaging/replies-mentions';
import { unreadMentionCounts } from './service';

/*
 * Replies and mentions in GraphQL: a message's quote of its original and its
 * mention ranges, and each thread's count of unread mentions of the viewer.
 */

/**
 * The quotes of the replies among the messages a request resolves, read
 * together per thread: which of them answer something (by seq), then the
 * originals as the viewer sees them now (unsent or removed for them: unavailable).
 */
function loadQuote(ctx: GraphQLContext, m: WireMessage): Promise<WireReplyQuote | null> {
  if (m.reply_to !== undefined) return Promise.resolve(m.reply_to);
  const place = parseMessageId(m.id);
  if (place === null) return Promise.resolve(null);
  const batch = ctx.memo.get(`reply-quotes:${place.threadId}`, () => ({
    pending: null as null | Promise<Map<number, WireReplyQuote>>,
    seqs: [] as number[],
  }));
  batch.seqs.push(place.seq);
  batch.pending ??= Promise.resolve().then(() => {
    const seqs = batch.seqs.splice(0);
    batch.pending = null;
    return ctx.app.db.read(async (db) => {
      const k = withSyncTables(db);
      const rows = await k
        .selectFrom('messages')
        .select(['seq_in_thread', 'reply_to'])
        .where('thread_id', '=', place.threadId)
        .where('seq_in_thread', 'in', seqs)
        .where('reply_to', 'is not', null)
        .execute();
      const ids = rows.flatMap((r) => (r.reply_to === null ? [] : [r.reply_to]));
      const quotes = await quotesIn(k, viewerOf(ctx).id, place.threadId, ids);
      const bySeq = new Map<number, WireReplyQuote>();
      for (const row of rows) {
        const quote = row.reply_to === null ? undefined : quotes.get(row.reply_to);
        if (quote !== undefined) bySeq.set(row.seq_in_thread, quote);
      }
      return bySeq;
    });
  });
  return batch.pending.then((map) => map.get(place.seq) ?? null);
}

const ReplyQuoteType = builder.objectRef<WireReplyQuote>('ReplyQuote').implement({
  description: 'What a reply shows of the message it answers.',
  fields: (t) => ({
    message_id: t.exposeID('message_id'),
    sender_id: t.exposeID('sender_id'),
    text: t.exposeString('text', { description: 'The start of its text (about 100 characters).' }),
    image: t.field({
      type: AttachmentType,
      nullable: true,
      description: 'Its first image, for a thumbnail.',
      resolve: (q) => q.image ?? null,
    }),
    available: t.exposeBoolean('available', {
      description: 'False when it was unsent or removed: the reply says it is unavailable.',
    }),
  }),
});

const MentionType = builder.objectRef<Mention>('Mention').implement({
  description: 'A range of the text (UTF-16 code units) that names a participant.',
  fields: (t) => ({
    offset: t.exposeInt('offset'),
    length: t.exposeInt('length'),
    person_id: t.exposeID('id'),
  }),
});

builder.objectField(MessageType, 'reply_to', (t) =>
  t.field({
    type: ReplyQuoteType,
    nullable: true,
    description: 'The quote of the message this one answers; null if it answers none.',
    resolve: (m, _a, ctx) => loadQuote(ctx, m),
  }),
);

builder.objectField(MessageType, 'mentions', (t) =>
  t.field({
    type: [MentionType],
    description: 'The people the text mentions, in order (empty for none).',
    resolve: (m) => m.mentions ?? [],
  }),
);

function mentionLoader(ctx: GraphQLContext): DataLoader<string, number> {
  return ctx.memo.get(
    'unread-mentions',
    () =>
      new DataLoader<string, number>(async (ids) => {
        const counts = await unreadMentionCounts(ctx.app.db, scopeOf(ctx).viewer.id, ids);
        return ids.map((id) => counts.get(id) ?? 0);
      }),
  );
}

builder.interfaceField(ThreadInterface, 'mentions_unread', (t) =>
  t.int({
    description:
      "Unread messages that mention the viewer (counted even when the thread's notifications are muted).",
    resolve: (m, _a, ctx) => mentionLoader(ctx).load(m.row.id),
  }),
);

builder.interfaceField(ThreadInterface, 'has_unread_mention', (t) =>
  t.boolean({
    resolve: async (m, _a, ctx) => (await mentionLoader(ctx).load(m.row.id)) > 0,
  }),
);
