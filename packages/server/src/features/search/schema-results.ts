import { participantListText } from '@messenger/core';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { connectionOf, encodeOffsetCursor } from '../../graphql/paging';
import { scopeOf } from '../social-graph/schema-scope';
import type { MessageHitModel, SearchNodeModel } from '../social-graph/models';
import { companyById } from '../social-graph/people-repo';
import {
  GameType,
  ImageType,
  PageType,
  PERSON_TYPES,
  personTypename,
} from '../social-graph/schema-nodes';
import { GroupThreadType, participantsOf } from '../social-graph/schema-thread';
import { participantShortName } from '../social-graph/thread-participants';
import type { ResultList } from './service';

/*
 * Typed search results (seed 3, "Server search result nodes"): a union of the
 * node types in edges that carry `subtext`. Shapes match core's
 * server-node-schemas so `entriesFromEdges` converts them as they come.
 */

const MessageSearchResultType = builder
  .objectRef<MessageHitModel>('MessageSearchResult')
  .implement({
    isTypeOf: (value) => (value as { kind?: unknown }).kind === 'message',
    fields: (t) => ({
      thread_id: t.id({ resolve: (m) => m.threadId }),
      message_id: t.id({ resolve: (m) => m.messageId }),
      thread_name: t.string({ resolve: (m) => m.threadName }),
      snippet: t.string({ resolve: (m) => m.snippet }),
      thread_image: t.field({
        type: ImageType,
        nullable: true,
        resolve: (m) => (m.threadImage === null ? null : { uri: m.threadImage }),
      }),
      message_result_type: t.string({ resolve: () => 'MESSAGE' }),
      sender_id: t.id({ resolve: (m) => m.senderId }),
      timestamp: t.float({ resolve: (m) => m.createdAt }),
    }),
  });

export const SearchResultNodeUnion = builder.unionType('SearchResultNode', {
  types: [...PERSON_TYPES, GroupThreadType, PageType, GameType, MessageSearchResultType],
  resolveType: (node) => {
    switch (node.kind) {
      case 'person':
        return personTypename(node.row);
      case 'thread':
        return 'MessengerViewerGroupThread';
      case 'page':
        return 'Page';
      case 'game':
        return 'Game';
      case 'message':
        return 'MessageSearchResult';
    }
  },
});

const companyName = (ctx: GraphQLContext): Promise<string | null> =>
  ctx.memo.get('viewer-company-name', async () => {
    const companyId = scopeOf(ctx).viewer.companyId;
    return companyId === null ? null : ((await companyById(ctx.app.db, companyId))?.name ?? null);
  });

/**
 * The line under a result: a coworker's company, a group's other members
 * (core participant list text), a message's matched text.
 */
async function subtextOf(node: SearchNodeModel, ctx: GraphQLContext): Promise<string | null> {
  switch (node.kind) {
    case 'person':
      return node.relation === 'fb4c' ? companyName(ctx) : null;
    case 'thread': {
      const viewerId = scopeOf(ctx).viewer.id;
      const others = (await participantsOf(ctx, node.row.id)).filter(
        (p) => p.node.row.id !== viewerId,
      );
      const text = participantListText(others.map(participantShortName));
      return text === '' ? null : text;
    }
    case 'message':
      return node.snippet;
    case 'page':
    case 'game':
      return null;
  }
}

export const SearchResultConnection = builder.connectionObject(
  { type: SearchResultNodeUnion, name: 'SearchResultConnection' },
  {
    name: 'SearchResultEdge',
    fields: (t) => ({
      subtext: t.string({ nullable: true, resolve: (edge, _a, ctx) => subtextOf(edge.node, ctx) }),
    }),
  },
);

/** A result list as a connection; its edges are one page, `has_next_page` says more matched. */
export function resultConnection(kind: string, list: ResultList) {
  const edges = list.nodes.map((node, i) => ({ cursor: encodeOffsetCursor(kind, i), node }));
  return connectionOf<SearchNodeModel, (typeof edges)[number]>(edges, list.hasMore, false);
}
