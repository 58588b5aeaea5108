import { MESSAGING_LIMITS, type WireMessage, type WireThread } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { badArgument, parseArgs, viewerOf } from '../../graphql/errors';
import { connectionOf, cursorArg, decodeCursor, encodeCursor } from '../../graphql/paging';
import { withSyncTables } from '../../storage/tables/sync';
import { deliveryStates, historyPage, overallState, type DeliveryState } from './history-service';
import { getParticipants, type ParticipantRecord } from './repo';

/** The thread's participants, loaded once per request and thread (message receipts read them). */
export function participantsFor(
  ctx: GraphQLContext,
  threadId: string,
): Promise<ParticipantRecord[]> {
  return ctx.memo.get(`messaging-participants:${threadId}`, () =>
    ctx.app.db.read((k) => getParticipants(withSyncTables(k), threadId)),
  );
}

export const DeliveryStateEnum = builder.enumType('DeliveryState', {
  values: ['sent', 'delivered', 'seen'] as const,
});

const ReceiptType = builder
  .objectRef<{ participant_id: string; state: DeliveryState }>('MessageReceipt')
  .implement({
    description: "One other participant's state of a message.",
    fields: (t) => ({
      participant_id: t.exposeID('participant_id'),
      state: t.field({ type: DeliveryStateEnum, resolve: (r) => r.state }),
    }),
  });

export const MessageType = builder.objectRef<WireMessage>('Message').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    message_id: t.exposeID('id'),
    thread_id: t.exposeID('thread_id'),
    sender_id: t.exposeID('sender_id'),
    text: t.exposeString('text'),
    /** Milliseconds since the epoch. */
    timestamp: t.float({ resolve: (m) => m.created_at }),
    seq_in_thread: t.exposeInt('seq_in_thread'),
    offline_threading_id: t.string({ nullable: true, resolve: (m) => m.offline_threading_id }),
    entry_point: t.string({ nullable: true, resolve: (m) => m.entry_point }),
    tags: t.exposeStringList('tags'),
    kind: t.exposeString('kind'),
    receipts: t.field({
      type: [ReceiptType],
      description: 'Sent, delivered or seen for each other participant.',
      resolve: async (m, _a, ctx) => deliveryStates(m, await participantsFor(ctx, m.thread_id)),
    }),
    delivery_state: t.field({
      type: DeliveryStateEnum,
      description: 'The least advanced state among the other participants (what the sender sees).',
      resolve: async (m, _a, ctx) =>
        overallState(deliveryStates(m, await participantsFor(ctx, m.thread_id))),
    }),
  }),
});

export const MessageConnection = builder.connectionObject(
  { type: MessageType, name: 'MessageConnection' },
  { name: 'MessageEdge' },
);

const ParticipantStateType = builder
  .objectRef<WireThread['participants'][number]>('ThreadParticipantState')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      kind: t.exposeString('kind'),
      last_read_seq: t.exposeInt('last_read_seq'),
      last_delivered_seq: t.exposeInt('last_delivered_seq'),
    }),
  });

/** A thread as one participant sees it: the same shape as thread_updated deltas carry. */
export const ThreadStateType = builder.objectRef<WireThread>('ThreadState').implement({
  fields: (t) => ({
    thread_id: t.exposeID('thread_id'),
    kind: t.exposeString('kind'),
    name: t.string({ nullable: true, resolve: (s) => s.name }),
    image_src: t.string({ nullable: true, resolve: (s) => s.image_src }),
    participants: t.field({ type: [ParticipantStateType], resolve: (s) => s.participants }),
    custom_nickname: t.field({ type: 'JSON', resolve: (s) => s.custom_nickname }),
    viewer_participant_id: t.exposeID('viewer_participant_id'),
    folder: t.exposeString('folder'),
    unread_count: t.exposeInt('unread_count'),
    last_activity_time: t.float({ resolve: (s) => s.last_activity_at }),
    last_message_seq: t.exposeInt('last_message_seq'),
    muted_until: t.float({ nullable: true, resolve: (s) => s.muted_until ?? null }),
  }),
});

const historyArgs = z.object({
  first: z.number().int().min(1).max(MESSAGING_LIMITS.historyPage).nullish(),
  after: cursorArg,
  last: z.number().int().min(1).max(MESSAGING_LIMITS.historyPage).nullish(),
  before: cursorArg,
});

const seqOf = (threadId: string, cursor: string, field: string): number => {
  const payload = decodeCursor(`messages-${threadId}`, cursor, field);
  if (!/^\d{1,12}$/.test(payload)) throw badArgument(field, 'not a cursor of this list');
  return Number(payload);
};

/**
 * History in cursor pages by seq_in_thread, oldest first within a page:
 * `last`/`before` pages back from the newest (the default: the newest 50),
 * `first`/`after` pages forward.
 */
export async function messageConnection(ctx: GraphQLContext, threadId: string, rawArgs: unknown) {
  const args = parseArgs(historyArgs, rawArgs);
  if (args.after != null && args.before != null) {
    throw badArgument('after', 'give either after or before, not both');
  }
  const forward = args.after != null || (args.first != null && args.last == null);
  const limit = (forward ? args.first : args.last) ?? MESSAGING_LIMITS.historyPage;
  const page = await historyPage(ctx.app, viewerOf(ctx), threadId, {
    limit,
    ...(args.after != null ? { after: seqOf(threadId, args.after, 'after') } : {}),
    ...(args.before != null ? { before: seqOf(threadId, args.before, 'before') } : {}),
    ...(forward && args.after == null ? { after: 0 } : {}),
  });
  const edges = page.messages.map((message) => ({
    cursor: encodeCursor(`messages-${threadId}`, String(message.seq_in_thread)),
    node: message,
  }));
  return connectionOf<WireMessage, (typeof edges)[number]>(edges, page.hasNewer, page.hasOlder);
}
