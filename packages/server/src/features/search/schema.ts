import { TYPEAHEAD } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { parseArgs } from '../../graphql/errors';
import { maxItems } from '../../graphql/complexity';
import { begin, excludeIds, flag, limitArg, queryArgs } from './schema-args';
import { resultConnection, SearchResultConnection } from './schema-results';
import { groupSearch, messageSearch, pageSearch, profileSearch, roomSearch } from './service';
import { timedSearch } from './timing';

const SearchContextArg = builder.enumType('SearchContextInput', {
  values: ['workchat', 'web_messenger_composer'] as const,
});

const profileArgs = z.object({
  search_query: z.string(),
  result_limit: limitArg(TYPEAHEAD.usersPerSearch),
  can_viewer_send_money: flag,
  session: z
    .string()
    .max(128, 'must be at most 128 characters')
    .regex(/^[\w.:-]*$/, 'must be letters, digits and . _ : -')
    .nullish(),
  exclude_ids: excludeIds,
  context: z.enum(['workchat', 'web_messenger_composer']).nullish(),
  allow_short_query: flag,
});

builder.queryField('search_profiles', (t) =>
  t.field({
    complexity: maxItems(TYPEAHEAD.usersPerSearch),
    type: SearchResultConnection,
    description: `People by name, then affinity; at most ${TYPEAHEAD.usersPerSearch}.`,
    authScopes: { authenticated: true },
    args: {
      search_query: t.arg.string({ required: true }),
      result_limit: t.arg.int(),
      can_viewer_send_money: t.arg.boolean(),
      session: t.arg.string(),
      exclude_ids: t.arg.idList(),
      context: t.arg({ type: SearchContextArg }),
      allow_short_query: t.arg.boolean(),
    },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(profileArgs, rawArgs);
      const { scope, query } = begin(
        ctx,
        args.search_query,
        args.allow_short_query,
        'search_query',
      );
      ctx.app.logger.debug({ session: args.session, viewer: scope.viewer.id }, 'profile search');
      const list = await timedSearch(ctx.app, 'people', () =>
        profileSearch(scope, query, {
          limit: args.result_limit,
          excludeIds: args.exclude_ids,
          canViewerSendMoney: args.can_viewer_send_money,
          context: args.context ?? null,
        }),
      );
      return resultConnection('profiles', list);
    },
  }),
);

builder.queryField('search_groups', (t) =>
  t.field({
    complexity: maxItems(TYPEAHEAD.maxThreadResults),
    type: SearchResultConnection,
    description: `Group threads of the viewer; employees always, others with the group_search gate.`,
    authScopes: { $any: { employee: true, gate: 'group_search' } },
    args: { query: t.arg.string({ required: true }), allow_short_query: t.arg.boolean() },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(queryArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      const list = await timedSearch(ctx.app, 'groups', () => groupSearch(scope, query));
      return resultConnection('groups', list);
    },
  }),
);

const messageArgs = queryArgs.extend({
  limit: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(TYPEAHEAD.resultViewCap, `must be at most ${TYPEAHEAD.resultViewCap}`)
    .nullish()
    .transform((v) => v ?? TYPEAHEAD.messagesPerSearch),
});

builder.queryField('search_messages', (t) =>
  t.field({
    complexity: maxItems(TYPEAHEAD.resultViewCap),
    type: SearchResultConnection,
    description: `Messages of the viewer's threads, newest first; needs the message_search gate. ${TYPEAHEAD.messagesPerSearch} unless \`limit\` (at most ${TYPEAHEAD.resultViewCap}) asks for the full message search.`,
    authScopes: { gate: 'message_search' },
    args: {
      query: t.arg.string({ required: true }),
      limit: t.arg.int(),
      allow_short_query: t.arg.boolean(),
    },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(messageArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      const list = await timedSearch(ctx.app, 'messages', () =>
        messageSearch(scope, query, args.limit),
      );
      return resultConnection('messages', list);
    },
  }),
);

builder.queryField('search_rooms', (t) =>
  t.field({
    complexity: maxItems(TYPEAHEAD.maxThreadResults),
    type: SearchResultConnection,
    description: 'Rooms (privacy_mode 0 threads) the viewer takes part in.',
    authScopes: { authenticated: true },
    args: { query: t.arg.string({ required: true }), allow_short_query: t.arg.boolean() },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(queryArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      const list = await timedSearch(ctx.app, 'rooms', () => roomSearch(scope, query));
      return resultConnection('rooms', list);
    },
  }),
);

const pageArgs = z.object({
  query: z.string(),
  messenger_commerce: flag,
  include_games: flag,
  internal_bot: flag,
  vc_endpoint: flag,
  allow_short_query: flag,
});

builder.queryField('search_pages', (t) =>
  t.field({
    complexity: maxItems(4 * TYPEAHEAD.pagesPerSearch),
    type: SearchResultConnection,
    description: `Pages, and on request meeting rooms, internal bots and games; ${TYPEAHEAD.pagesPerSearch} of each.`,
    authScopes: { authenticated: true },
    args: {
      query: t.arg.string({ required: true }),
      messenger_commerce: t.arg.boolean(),
      include_games: t.arg.boolean(),
      internal_bot: t.arg.boolean(),
      vc_endpoint: t.arg.boolean(),
      allow_short_query: t.arg.boolean(),
    },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(pageArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      const list = await timedSearch(ctx.app, 'pages', () =>
        pageSearch(scope, query, {
          messengerCommerce: args.messenger_commerce,
          includeGames: args.include_games,
          internalBot: args.internal_bot,
          vcEndpoint: args.vc_endpoint,
        }),
      );
      return resultConnection('pages', list);
    },
  }),
);
