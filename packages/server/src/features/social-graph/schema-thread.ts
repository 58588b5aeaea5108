import { PAGE_SIZES } from '@messenger/core';
import DataLoader from 'dataloader';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { maxItems } from '../../graphql/complexity';
import type { GraphQLContext } from '../../graphql/context';
import { forbiddenError, parseArgs } from '../../graphql/errors';
import { cursorArg, firstArg, offsetConnection } from '../../graphql/paging';
import { scopeOf } from './schema-scope';
import { roomAudience } from './friends-service';
import type { ThreadModel } from './models';
import {
  ImageType,
  MessagingUserInterface,
  PageType,
  PERSON_TYPES,
  personTypename,
} from './schema-nodes';
import {
  loadThreadParticipants,
  nicknameMap,
  otherNames,
  titleOf,
  type ThreadParticipant,
} from './thread-participants';
import { unreadCounts } from './threads-repo';
import { threadUri } from './uris';

/** Batches participant and unread-count loads of every thread in one response. */
function loaders(ctx: GraphQLContext) {
  return ctx.memo.get('thread-loaders', () => ({
    participants: new DataLoader<string, ThreadParticipant[]>(async (ids) => {
      const all = await loadThreadParticipants(scopeOf(ctx), ids);
      return ids.map((id) => all.filter((p) => p.threadId === id));
    }),
    unread: new DataLoader<string, number>(async (ids) => {
      const counts = await unreadCounts(ctx.app.db, scopeOf(ctx).viewer.id, ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
  }));
}

/** Unread counts of threads read as a page (the page inbox): the page's own read marks. */
function unreadAs(ctx: GraphQLContext, pageId: string) {
  return ctx.memo.get(
    `thread-unread-as-${pageId}`,
    () =>
      new DataLoader<string, number>(async (ids) => {
        const counts = await unreadCounts(ctx.app.db, pageId, ids);
        return ids.map((id) => counts.get(id) ?? 0);
      }),
  );
}

/** Who the viewer is in the thread: a page they answer for, else themselves. */
const readerOf = (ctx: GraphQLContext, m: ThreadModel): string => m.as ?? scopeOf(ctx).viewer.id;

export const participantsOf = (ctx: GraphQLContext, threadId: string) =>
  loaders(ctx).participants.load(threadId);

export const threadTitleOf = async (ctx: GraphQLContext, m: ThreadModel): Promise<string> =>
  titleOf(m.row, await participantsOf(ctx, m.row.id), readerOf(ctx, m));

/** A participant is a person (one of the user types) or a page writing in its own thread. */
export const ThreadParticipantUnion = builder.unionType('ThreadParticipantNode', {
  types: [...PERSON_TYPES, PageType],
  resolveType: (node) => (node.kind === 'page' ? 'Page' : personTypename(node.row)),
});

export const ThreadFolderEnum = builder.enumType('ThreadFolder', {
  // ARCHIVED: the viewer's archived conversations (issue 33), whatever their folder.
  values: ['INBOX', 'OTHER', 'PENDING', 'ARCHIVED'] as const,
});

const audienceArgs = z.object({
  first: firstArg(PAGE_SIZES.audience),
  after: cursorArg,
});

export const MessagingUserConnection = builder.connectionObject(
  { type: MessagingUserInterface, name: 'MessagingUserConnection' },
  {
    name: 'MessagingUserEdge',
    fields: (t) => ({
      /** Affinity score (higher is closer) for ranking a local cache (core localCache). */
      affinity: t.float({ resolve: (edge) => edge.node.affinity }),
    }),
  },
);

export const ThreadInterface = builder.interfaceRef<ThreadModel>('MessageThread').implement({
  resolveType: (m) =>
    m.row.kind === 'group' ? 'MessengerViewerGroupThread' : 'MessengerViewerOneToOneThread',
  fields: (t) => ({
    id: t.id({ resolve: (m) => m.row.id }),
    thread_id: t.id({ resolve: (m) => m.row.id }),
    thread_fbid: t.id({ resolve: (m) => m.row.id }),
    /**
     * What the viewer sees as the name: the group's own name, else built from
     * the other participants and nicknames (core threadTitle). Never null, so
     * it shares a shape with the `name` of every other search result node.
     */
    name: t.string({ resolve: (m, _a, ctx) => threadTitleOf(ctx, m) }),
    title: t.string({ resolve: (m, _a, ctx) => threadTitleOf(ctx, m) }),
    /** The group's own name; null when the name is derived from participants. */
    group_name: t.string({ nullable: true, resolve: (m) => m.row.name }),
    image_src: t.string({ nullable: true, resolve: (m) => m.row.image_src }),
    image: t.field({
      type: ImageType,
      nullable: true,
      resolve: (m) => (m.row.image_src === null ? null : { uri: m.row.image_src }),
    }),
    url: t.string({ nullable: true, resolve: (m) => threadUri(m.row.id, m.row.folder) }),
    is_group_thread: t.boolean({ resolve: (m) => m.row.kind === 'group' }),
    privacy_mode: t.int({ resolve: (m) => m.row.privacy_mode }),
    folder: t.string({ resolve: (m) => m.row.folder }),
    last_activity_time: t.float({ resolve: (m) => m.row.last_activity_at }),
    unread_count: t.int({
      resolve: (m, _a, ctx) =>
        (m.as === undefined ? loaders(ctx).unread : unreadAs(ctx, m.as)).load(m.row.id),
    }),
    /** The participant the viewer is in this thread: themselves, or a page they answer for. */
    viewer_participant_id: t.id({ resolve: (m, _a, ctx) => readerOf(ctx, m) }),
    participants: t.field({
      type: [ThreadParticipantUnion],
      resolve: async (m, _a, ctx) => (await participantsOf(ctx, m.row.id)).map((p) => p.node),
    }),
    /** Seed 3 group thread entry: participants_to_render (id, name, short_name). */
    participants_to_render: t.field({
      type: [ThreadParticipantUnion],
      resolve: async (m, _a, ctx) => (await participantsOf(ctx, m.row.id)).map((p) => p.node),
    }),
    participant_names: t.stringList({
      resolve: async (m, _a, ctx) =>
        otherNames(await participantsOf(ctx, m.row.id), readerOf(ctx, m)),
    }),
    /** participant id → nickname. */
    custom_nickname: t.field({
      type: 'JSON',
      resolve: async (m, _a, ctx) => nicknameMap(await participantsOf(ctx, m.row.id)),
    }),
    messaging_audience_list: t.field({
      complexity: maxItems(PAGE_SIZES.audience),
      type: MessagingUserConnection,
      description: `People of a room (privacy_mode 0), ${PAGE_SIZES.audience} per page.`,
      args: { first: t.arg.int(), after: t.arg.string() },
      resolve: async (m, rawArgs, ctx) => {
        const args = parseArgs(audienceArgs, rawArgs);
        if (m.row.privacy_mode !== 0) {
          throw forbiddenError('The audience is listed only for rooms (privacy_mode 0).');
        }
        const people = await roomAudience(scopeOf(ctx), m.row.id);
        return offsetConnection('audience', people, args.first, args.after);
      },
    }),
  }),
});

const threadObject = (name: 'MessengerViewerGroupThread' | 'MessengerViewerOneToOneThread') =>
  builder.objectRef<ThreadModel>(name).implement({
    interfaces: [ThreadInterface],
    isTypeOf: (value) =>
      (value as { kind?: unknown }).kind === 'thread' &&
      ((value as ThreadModel).row.kind === 'group') === (name === 'MessengerViewerGroupThread'),
  });

/** A group thread; as a search result node it carries is_group_thread (seed 3). */
export const GroupThreadType = threadObject('MessengerViewerGroupThread');
export const OneToOneThreadType = threadObject('MessengerViewerOneToOneThread');
