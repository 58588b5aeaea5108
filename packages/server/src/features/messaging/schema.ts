import { MESSAGING_LIMITS, type WireThread } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { badArgument, parseArgs, viewerOf } from '../../graphql/errors';
import { idArg } from '../../graphql/ids';
import {
  connectionOf,
  cursorArg,
  decodeCursor,
  encodeCursor,
  firstArg,
} from '../../graphql/paging';
import { ThreadInterface } from '../social-graph/schema-thread';
import { ViewerType } from '../social-graph/schema-viewer';
import { readLogState } from '../sync/delta-log';
import { AttachmentInput } from './schema-attachment-input';
import { blockPerson, unblockPerson } from './block-service';
import { deleteMessage } from './delete-service';
import {
  addParticipants,
  createGroup,
  removeParticipant,
  renameThread,
  setNickname,
  setThreadImage,
} from './group-service';
import { threadForViewer } from './history-service';
import { pageThreads, type ThreadListKey } from './page-service';
import { acceptRequest, ignoreRequest, markRead } from './read-service';
import { MessageConnection, MessageType, ThreadStateType, messageConnection } from './schema-types';
import { groupWithSamePeople } from './same-group';
import type { SentMessage } from './send-service';
import { sendMessageTraced } from './send-traced';
// The /t/{userId} lookup registers its own query field.
import './schema-broadcast';
import './schema-direct';

/*
 * Conversations and messages in GraphQL: thread history and delivery states
 * on the thread types of features/social-graph, a thread-state read that page
 * admins can use too, and every mutation. Arguments are handed to the
 * services as given; they validate (bad_request naming the field) before
 * writing anything.
 */

/** Drops nulls of optional arguments (GraphQL sends null for "not given"). */
function given<T extends Record<string, unknown>>(
  args: T,
): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args))
    if (value !== null && value !== undefined) out[key] = value;
  return out as Partial<{ [K in keyof T]: NonNullable<T[K]> }>;
}

builder.interfaceField(ThreadInterface, 'messages', (t) =>
  t.field({
    type: MessageConnection,
    description: 'History by seq_in_thread, 50 per page: last/before go back, first/after forward.',
    args: { first: t.arg.int(), after: t.arg.string(), last: t.arg.int(), before: t.arg.string() },
    resolve: (m, args, ctx) => messageConnection(ctx, m.row.id, args),
  }),
);

builder.objectField(ViewerType, 'sync_seq', (t) =>
  t.int({
    description:
      "The newest seq of the viewer's sync log: read it with the data, then say hello with it.",
    resolve: async (v, _a, ctx) => (await ctx.app.db.read((k) => readLogState(k, v.id))).head,
  }),
);

builder.queryField('thread_state', (t) =>
  t.field({
    type: ThreadStateType,
    description: 'A thread the viewer takes part in, as themselves or as a page they administer.',
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => threadForViewer(ctx.app, viewerOf(ctx), args.thread_id),
  }),
);

builder.queryField('group_with_same_people', (t) =>
  t.field({
    type: ThreadStateType,
    nullable: true,
    description:
      "The viewer's most recently active group whose people are exactly the viewer and these; null when there is none.",
    authScopes: { authenticated: true },
    args: { participant_ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, ctx) =>
      groupWithSamePeople(ctx.app, viewerOf(ctx), { participant_ids: args.participant_ids }),
  }),
);

builder.queryField('thread_messages', (t) =>
  t.field({
    type: MessageConnection,
    description: 'History of a thread the viewer takes part in (page admins included).',
    authScopes: { authenticated: true },
    args: {
      thread_id: t.arg.id({ required: true }),
      first: t.arg.int(),
      after: t.arg.string(),
      last: t.arg.int(),
      before: t.arg.string(),
    },
    resolve: (_root, { thread_id, ...args }, ctx) => messageConnection(ctx, thread_id, args),
  }),
);

const ThreadStateConnection = builder.connectionObject(
  { type: ThreadStateType, name: 'ThreadStateConnection' },
  { name: 'ThreadStateEdge' },
);

const pageThreadsArgs = z.object({
  page_id: idArg,
  first: firstArg(MESSAGING_LIMITS.threadListPage),
  after: cursorArg,
});

builder.queryField('page_message_threads', (t) =>
  t.field({
    type: ThreadStateConnection,
    description: "A page's threads for its admins, most recent activity first.",
    authScopes: { authenticated: true },
    args: { page_id: t.arg.id({ required: true }), first: t.arg.int(), after: t.arg.string() },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(pageThreadsArgs, rawArgs);
      const kind = `page-threads-${args.page_id}`;
      let after: ThreadListKey | null = null;
      if (args.after != null) {
        const match = /^(\d{1,16}):(\d{1,32})$/.exec(decodeCursor(kind, args.after));
        if (match === null) throw badArgument('after', 'not a cursor of this list');
        after = { at: Number(match[1]), id: match[2] ?? '' };
      }
      const page = await pageThreads(ctx.app, viewerOf(ctx), args.page_id, {
        first: args.first,
        after,
      });
      const edges = page.threads.map((thread) => ({
        cursor: encodeCursor(kind, `${thread.last_activity_at}:${thread.thread_id}`),
        node: thread,
      }));
      return connectionOf<WireThread, (typeof edges)[number]>(edges, page.hasMore, after !== null);
    },
  }),
);

builder.mutationType({});

const MentionInput = builder.inputType('MentionInput', {
  description: 'A range of the text (UTF-16 code units) that names a participant.',
  fields: (t) => ({
    offset: t.int({ required: true }),
    length: t.int({ required: true }),
    id: t.id({ required: true }),
  }),
});

const SendMessageInput = builder.inputType('SendMessageInput', {
  fields: (t) => ({
    thread_id: t.id(),
    recipient_id: t.id(),
    text: t.string({ required: true }),
    offline_threading_id: t.string({ required: true }),
    entry_point: t.string(),
    tags: t.stringList(),
    attachments: t.field({ type: [AttachmentInput] }),
    /** Answer as this page (the viewer administers it; the thread is one of the page's). */
    as_page_id: t.id(),
    /** The id of the message this one answers (same thread). */
    reply_to: t.id(),
    mentions: t.field({ type: [MentionInput] }),
  }),
});

const SendMessagePayload = builder.objectRef<SentMessage>('SendMessagePayload').implement({
  fields: (t) => ({
    message: t.field({ type: MessageType, resolve: (p) => p.message }),
    /** False for a retry of an already stored message (nothing new was written). */
    created: t.exposeBoolean('created'),
  }),
});

const viewer = (ctx: GraphQLContext) => viewerOf(ctx);

builder.mutationField('send_message', (t) =>
  t.field({
    type: SendMessagePayload,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: SendMessageInput, required: true }) },
    resolve: (_root, { input }, ctx) => sendMessageTraced(ctx.app, viewer(ctx), given(input)),
  }),
);

const DeletedMessage = builder
  .objectRef<{ message_id: string; thread_id: string }>('DeletedMessage')
  .implement({
    fields: (t) => ({
      message_id: t.exposeID('message_id'),
      thread_id: t.exposeID('thread_id'),
    }),
  });

builder.mutationField('delete_message', (t) =>
  t.field({
    type: DeletedMessage,
    description: "Deletes one of the viewer's own messages, with its images, for everyone.",
    authScopes: { authenticated: true },
    args: { message_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteMessage(ctx.app, viewer(ctx), args.message_id),
  }),
);

const CreateGroupInput = builder.inputType('CreateGroupThreadInput', {
  fields: (t) => ({
    name: t.string(),
    participant_ids: t.idList({ required: true }),
    image_src: t.string(),
  }),
});

builder.mutationField('create_group_thread', (t) =>
  t.field({
    type: ThreadStateType,
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateGroupInput, required: true }) },
    resolve: (_root, { input }, ctx) => createGroup(ctx.app, viewer(ctx), given(input)),
  }),
);

builder.mutationField('add_thread_participants', (t) =>
  t.field({
    type: ThreadStateType,
    authScopes: { authenticated: true },
    args: {
      thread_id: t.arg.id({ required: true }),
      participant_ids: t.arg.idList({ required: true }),
    },
    resolve: (_root, args, ctx) => addParticipants(ctx.app, viewer(ctx), args),
  }),
);

builder.mutationField('remove_thread_participant', (t) =>
  t.field({
    type: ThreadStateType,
    nullable: true,
    description: 'Removes someone from a group; null when the viewer removed themselves (left).',
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }), participant_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeParticipant(ctx.app, viewer(ctx), args),
  }),
);

builder.mutationField('rename_thread', (t) =>
  t.field({
    type: ThreadStateType,
    description: 'Names a group; null or blank clears the name.',
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }), name: t.arg.string() },
    resolve: (_root, args, ctx) =>
      renameThread(ctx.app, viewer(ctx), { thread_id: args.thread_id, name: args.name ?? null }),
  }),
);

builder.mutationField('set_thread_image', (t) =>
  t.field({
    type: ThreadStateType,
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }), image_src: t.arg.string() },
    resolve: (_root, args, ctx) =>
      setThreadImage(ctx.app, viewer(ctx), {
        thread_id: args.thread_id,
        image_src: args.image_src ?? null,
      }),
  }),
);

builder.mutationField('set_thread_nickname', (t) =>
  t.field({
    type: ThreadStateType,
    authScopes: { authenticated: true },
    args: {
      thread_id: t.arg.id({ required: true }),
      participant_id: t.arg.id({ required: true }),
      nickname: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      setNickname(ctx.app, viewer(ctx), { ...args, nickname: args.nickname ?? null }),
  }),
);

builder.mutationField('mark_thread_read', (t) =>
  t.field({
    type: ThreadStateType,
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }), seq: t.arg.int() },
    resolve: (_root, args, ctx) => markRead(ctx.app, viewer(ctx), given(args)),
  }),
);

builder.mutationField('accept_message_request', (t) =>
  t.field({
    type: ThreadStateType,
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => acceptRequest(ctx.app, viewer(ctx), args),
  }),
);

builder.mutationField('ignore_message_request', (t) =>
  t.boolean({
    authScopes: { authenticated: true },
    args: { thread_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ignoreRequest(ctx.app, viewer(ctx), args);
      return true;
    },
  }),
);

builder.mutationField('block_user', (t) =>
  t.boolean({
    authScopes: { authenticated: true },
    args: { person_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await blockPerson(ctx.app, viewer(ctx), args);
      return true;
    },
  }),
);

builder.mutationField('unblock_user', (t) =>
  t.boolean({
    authScopes: { authenticated: true },
    args: { person_id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await unblockPerson(ctx.app, viewer(ctx), args);
      return true;
    },
  }),
);
