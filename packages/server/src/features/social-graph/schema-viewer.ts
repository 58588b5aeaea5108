import { PAGE_SIZES, searchContext } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { maxItems } from '../../graphql/complexity';
import type { GraphQLContext } from '../../graphql/context';
import { badArgument, forbiddenError, parseArgs, viewerOf } from '../../graphql/errors';
import { idArg, idListArg } from '../../graphql/ids';
import {
  connectionOf,
  cursorArg,
  decodeCursor,
  encodeCursor,
  firstArg,
  offsetConnection,
} from '../../graphql/paging';
import { scopeOf } from './schema-scope';
import type { Viewer } from '../accounts/viewer';
import { allFriends, buddyList, contextualRankedUsers } from './friends-service';
import { pageThreadModel, threadModel, type ThreadModel } from './models';
import { companyById, peopleByIds } from './people-repo';
import { ImageType } from './schema-nodes';
import { MessagingUserConnection, ThreadFolderEnum, ThreadInterface } from './schema-thread';
import {
  folderCounts,
  threadForPageAdmin,
  threadForViewer,
  threadListPage,
  type ThreadListKey,
} from './threads-repo';

/** Most participants a suggestion request may name as already in the conversation. */
export const MAX_ORIGINAL_PARTICIPANTS = 250;

const viewerRow = (ctx: GraphQLContext, viewer: Viewer) =>
  ctx.memo.get('viewer-row', () => peopleByIds(ctx.app.db, [viewer.id]).then((rows) => rows[0]));

const CompanyType = builder
  .objectRef<{ id: string; name: string; prefix: string }>('Company')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      prefix: t.exposeString('prefix'),
    }),
  });

const SearchContextEnum = builder.enumType('SearchContext', {
  values: ['workchat', 'web_messenger_composer'] as const,
});

const suggestionArgs = z.object({
  original_participant_ids: idListArg(MAX_ORIGINAL_PARTICIPANTS),
  count: firstArg(PAGE_SIZES.suggestions),
  after: cursorArg,
});

const friendsArgs = z
  .object({
    first: z.number().nullish(),
    after: cursorArg,
    can_viewer_send_money: z.boolean().nullish(),
  })
  .transform((a, ctx) => {
    const pay = a.can_viewer_send_money === true;
    const max = pay ? PAGE_SIZES.paymentFriends : PAGE_SIZES.bootstrap;
    const first = firstArg(max).safeParse(a.first);
    if (!first.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['first'],
        message: first.error.issues[0]?.message ?? '',
      });
      return z.NEVER;
    }
    return { pay, first: first.data, after: a.after };
  });

const buddyArgs = z.object({ first: firstArg(PAGE_SIZES.bootstrap), after: cursorArg });

const threadsArgs = z.object({
  first: firstArg(PAGE_SIZES.bootstrap),
  after: cursorArg,
  folder: z
    .enum(['INBOX', 'OTHER', 'PENDING', 'ARCHIVED'])
    .nullish()
    .transform((f) => f ?? 'INBOX'),
});

const FolderCountsType = builder
  .objectRef<{ requests: number; filtered: number }>('ThreadFolderCounts')
  .implement({
    fields: (t) => ({
      requests: t.exposeInt('requests'),
      filtered: t.exposeInt('filtered'),
    }),
  });

export const ThreadConnection = builder.connectionObject({
  type: ThreadInterface,
  name: 'MessageThreadConnection',
});

function threadKeyOf(folder: string, cursor: string | null | undefined): ThreadListKey | null {
  if (cursor == null) return null;
  const payload = decodeCursor(`threads-${folder}`, cursor);
  const match = /^(\d{1,16}):(\d{1,40})$/.exec(payload);
  if (match === null) throw badArgument('after', 'not a cursor of this list');
  return { at: Number(match[1]), id: match[2] ?? '' };
}

export const ViewerType = builder.objectRef<Viewer>('Viewer').implement({
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.id }),
    name: t.string({ resolve: (v) => v.name }),
    short_name: t.string({ resolve: (v) => v.short_name }),
    username: t.string({ resolve: (v) => v.username }),
    picture: t.field({
      type: ImageType,
      nullable: true,
      resolve: async (v, _a, ctx) => {
        const picture = (await viewerRow(ctx, v))?.picture ?? null;
        return picture === null ? null : { uri: picture };
      },
    }),
    thumbSrc: t.string({
      nullable: true,
      resolve: async (v, _a, ctx) => (await viewerRow(ctx, v))?.picture ?? null,
    }),
    is_work_user: t.boolean({ resolve: (v) => v.isWork }),
    is_employee: t.boolean({ resolve: (v) => v.isEmployee }),
    gates: t.stringList({ resolve: (v) => [...v.gates].sort() }),
    search_context: t.field({
      type: SearchContextEnum,
      resolve: (v) =>
        searchContext({ isWork: v.isWork, workchatGate: v.gates.has('workchat_search_context') }),
    }),
    company: t.field({
      type: CompanyType,
      nullable: true,
      resolve: async (v, _a, ctx) =>
        v.companyId === null ? null : ((await companyById(ctx.app.db, v.companyId)) ?? null),
    }),
    messenger_contextual_ranked_users: t.field({
      complexity: maxItems(PAGE_SIZES.suggestions),
      type: MessagingUserConnection,
      description: `Participant suggestions by affinity, ${PAGE_SIZES.suggestions} per page.`,
      args: {
        original_participant_ids: t.arg.idList({ required: true }),
        count: t.arg.int(),
        after: t.arg.string(),
      },
      resolve: async (_v, rawArgs, ctx) => {
        const args = parseArgs(suggestionArgs, rawArgs);
        const people = await contextualRankedUsers(scopeOf(ctx), args.original_participant_ids);
        return offsetConnection('suggestions', people, args.count, args.after);
      },
    }),
    all_friends: t.field({
      complexity: maxItems(PAGE_SIZES.bootstrap),
      type: MessagingUserConnection,
      description:
        'Friends (and fb4c coworkers of a work viewer) by affinity; with can_viewer_send_money only those who can receive money.',
      args: {
        first: t.arg.int(),
        after: t.arg.string(),
        can_viewer_send_money: t.arg.boolean(),
      },
      resolve: async (_v, rawArgs, ctx) => {
        const args = parseArgs(friendsArgs, rawArgs);
        const people = await allFriends(scopeOf(ctx), { canViewerSendMoney: args.pay });
        return offsetConnection(
          args.pay ? 'pay-friends' : 'friends',
          people,
          args.first,
          args.after,
        );
      },
    }),
    chat_buddylist: t.field({
      complexity: maxItems(PAGE_SIZES.bootstrap),
      type: MessagingUserConnection,
      description: 'The friend list: friends, fb4c coworkers (work viewers), messenger contacts.',
      args: { first: t.arg.int(), after: t.arg.string() },
      resolve: async (_v, rawArgs, ctx) => {
        const args = parseArgs(buddyArgs, rawArgs);
        return offsetConnection('buddies', await buddyList(scopeOf(ctx)), args.first, args.after);
      },
    }),
    folder_counts: t.field({
      type: FolderCountsType,
      description: 'How many threads wait in the message requests and filtered folders.',
      resolve: (v, _a, ctx) => folderCounts(ctx.app.db, v.id),
    }),
    message_threads: t.field({
      complexity: maxItems(PAGE_SIZES.bootstrap),
      type: ThreadConnection,
      description: 'Threads of a folder, most recent activity first.',
      args: {
        first: t.arg.int(),
        after: t.arg.string(),
        folder: t.arg({ type: ThreadFolderEnum }),
      },
      resolve: async (v, rawArgs, ctx) => {
        const args = parseArgs(threadsArgs, rawArgs);
        const after = threadKeyOf(args.folder, args.after);
        const rows = await threadListPage(ctx.app.db, v.id, args.folder, args.first + 1, after);
        const page = rows.slice(0, args.first);
        const edges = page.map((row) => ({
          cursor: encodeCursor(`threads-${args.folder}`, `${row.last_activity_at}:${row.id}`),
          node: threadModel(row),
        }));
        return connectionOf<ThreadModel, (typeof edges)[number]>(
          edges,
          rows.length > args.first,
          after !== null,
        );
      },
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerType,
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => viewerOf(ctx),
  }),
);

const threadArgs = z.object({ thread_fbid: idArg });

builder.queryField('message_thread', (t) =>
  t.field({
    type: ThreadInterface,
    description: "A thread the viewer takes part in ('forbidden' for any other id).",
    authScopes: { authenticated: true },
    args: { thread_fbid: t.arg.id({ required: true }) },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(threadArgs, rawArgs);
      const viewerId = viewerOf(ctx).id;
      const row = await threadForViewer(ctx.app.db, viewerId, args.thread_fbid);
      if (row !== undefined) return threadModel(row);
      // A page's admin reads the page's threads as the page (the page inbox).
      const asPage = await threadForPageAdmin(ctx.app.db, viewerId, args.thread_fbid);
      // Unknown and foreign threads answer alike, so ids cannot be probed.
      if (asPage === undefined)
        throw forbiddenError('You are not a participant of this thread.', 'thread_fbid');
      return pageThreadModel(asPage.row, asPage.pageId);
    },
  }),
);
