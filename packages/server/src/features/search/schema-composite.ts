import { TYPEAHEAD } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { parseArgs } from '../../graphql/errors';
import { maxItems } from '../../graphql/complexity';
import { begin, excludeIds, flag, limitArg, queryArgs } from './schema-args';
import { resultConnection, SearchResultConnection } from './schema-results';
import { timedSearch } from './timing';
import {
  combinedSearch,
  seeAllSearch,
  workchatSearch,
  type ResultModule,
  type WorkchatResults,
} from './service';

/* Searches that answer several kinds at once: combined, see-all, work chat. */

const ModuleTypeEnum = builder.enumType('SearchModuleType', {
  values: ['USER', 'GROUP', 'PAGE'] as const,
});

const ResultModuleType = builder.objectRef<ResultModule>('SearchResultModule').implement({
  fields: (t) => ({
    module_type: t.field({ type: ModuleTypeEnum, resolve: (m) => m.type }),
    results: t.field({
      complexity: maxItems(TYPEAHEAD.usersPerSearch),
      type: SearchResultConnection,
      resolve: (m) => resultConnection(`module-${m.type}`, m.list),
    }),
  }),
});

const combinedArgs = z.object({
  query: z.string(),
  num_users: limitArg(TYPEAHEAD.usersPerSearch),
  num_groups: limitArg(TYPEAHEAD.maxThreadResults),
  num_pages: limitArg(TYPEAHEAD.pagesPerSearch),
  allow_short_query: flag,
});

builder.queryField('search_combined', (t) =>
  t.field({
    complexity: maxItems(3),
    type: [ResultModuleType],
    description: 'One result module per type: users, groups (when allowed), pages.',
    authScopes: { authenticated: true },
    args: {
      query: t.arg.string({ required: true }),
      num_users: t.arg.int(),
      num_groups: t.arg.int(),
      num_pages: t.arg.int(),
      allow_short_query: t.arg.boolean(),
    },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(combinedArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      return timedSearch(ctx.app, 'combined', () =>
        combinedSearch(scope, query, {
          numUsers: args.num_users,
          numGroups: args.num_groups,
          numPages: args.num_pages,
        }),
      );
    },
  }),
);

const SupportedTypeInput = builder.inputType('SearchSupportedTypeInput', {
  fields: (t) => ({
    type: t.field({ type: ModuleTypeEnum, required: true }),
    limit: t.int({ required: true }),
  }),
});

const seeAllArgs = z.object({
  query: z.string(),
  exclude_ids: excludeIds,
  supported_types: z
    .array(
      z.object({
        type: z.enum(['USER', 'GROUP', 'PAGE']),
        limit: z
          .number()
          .int('must be an integer')
          .min(1, 'must be at least 1')
          .max(TYPEAHEAD.resultViewCap, `must be at most ${TYPEAHEAD.resultViewCap}`),
      }),
    )
    .min(1, 'must name at least one type')
    .max(3, 'must name at most 3 types')
    .refine((types) => new Set(types.map((t) => t.type)).size === types.length, {
      message: 'must not repeat a type',
    }),
  allow_short_query: flag,
});

builder.queryField('search_see_all', (t) =>
  t.field({
    complexity: maxItems(3 * TYPEAHEAD.resultViewCap),
    type: SearchResultConnection,
    description: `Every result of the given types, up to each type's limit (at most ${TYPEAHEAD.resultViewCap}).`,
    authScopes: { authenticated: true },
    args: {
      query: t.arg.string({ required: true }),
      exclude_ids: t.arg.idList(),
      supported_types: t.arg({ type: [SupportedTypeInput], required: true }),
      allow_short_query: t.arg.boolean(),
    },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(seeAllArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      const list = await timedSearch(ctx.app, 'see_all', () =>
        seeAllSearch(scope, query, args.exclude_ids, args.supported_types),
      );
      return resultConnection('see-all', list);
    },
  }),
);

const WorkchatResultsType = builder.objectRef<WorkchatResults>('WorkchatSearchResults').implement({
  fields: (t) => ({
    user_group_results: t.field({
      complexity: maxItems(TYPEAHEAD.usersPerSearch + TYPEAHEAD.maxThreadResults),
      type: SearchResultConnection,
      resolve: (r) => resultConnection('workchat-users', r.userGroup),
    }),
    bot_results: t.field({
      complexity: maxItems(TYPEAHEAD.pagesPerSearch),
      type: SearchResultConnection,
      resolve: (r) => resultConnection('workchat-bots', r.bots),
    }),
    vc_results: t.field({
      complexity: maxItems(TYPEAHEAD.pagesPerSearch),
      type: SearchResultConnection,
      resolve: (r) => resultConnection('workchat-vc', r.vc),
    }),
  }),
});

builder.queryField('search_workchat', (t) =>
  t.field({
    type: WorkchatResultsType,
    description: 'The single work-chat query of work users.',
    authScopes: { work: true },
    args: { query: t.arg.string({ required: true }), allow_short_query: t.arg.boolean() },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(queryArgs, rawArgs);
      const { scope, query } = begin(ctx, args.query, args.allow_short_query, 'query');
      return timedSearch(ctx.app, 'workchat', () => workchatSearch(scope, query));
    },
  }),
);
