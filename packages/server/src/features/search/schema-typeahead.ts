import { ENTRY_TYPES, TYPEAHEAD, type AuxiliaryData, type SearchEntry } from '@messenger/core';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { parseArgs } from '../../graphql/errors';
import { maxItems } from '../../graphql/complexity';
import { scopeOf } from '../social-graph/schema-scope';
import { prepareQuery } from './query';
import { parseExistingIds, SOURCE_ENTRY_TYPES, typeaheadSource } from './typeahead-source';

/** Most ids `existing_ids` may list: a dropdown never shows more than maxEntries. */
const MAX_EXISTING_IDS = TYPEAHEAD.maxEntries * 5;

const EntryTypeEnum = builder.enumType('SearchEntryType', { values: ENTRY_TYPES });

const AuxiliaryDataType = builder.objectRef<AuxiliaryData>('SearchEntryAuxiliaryData').implement({
  fields: (t) => ({
    alias: t.string({ nullable: true, resolve: (a) => a.alias ?? null }),
    isMemorializedUser: t.boolean({ nullable: true, resolve: (a) => a.isMemorializedUser ?? null }),
    messageResultType: t.string({ nullable: true, resolve: (a) => a.messageResultType ?? null }),
  }),
});

/** A typeahead entry exactly as core's SearchEntry (seed 3). */
const SearchEntryType = builder.objectRef<SearchEntry>('SearchEntry').implement({
  fields: (t) => ({
    uniqueID: t.exposeString('uniqueID'),
    order: t.exposeFloat('order'),
    title: t.exposeString('title'),
    subtitle: t.exposeString('subtitle', { nullable: true }),
    keywordString: t.exposeString('keywordString'),
    type: t.field({ type: EntryTypeEnum, resolve: (e) => e.type }),
    photo: t.exposeString('photo', { nullable: true }),
    uri: t.exposeString('uri', { nullable: true }),
    auxiliaryData: t.field({ type: AuxiliaryDataType, resolve: (e) => e.auxiliaryData }),
  }),
});

interface SourceResult {
  value: string;
  entries: SearchEntry[];
}

const SourceResultType = builder.objectRef<SourceResult>('TypeaheadSourceResult').implement({
  fields: (t) => ({
    value: t.exposeString('value'),
    entries: t.field({
      complexity: maxItems(TYPEAHEAD.maxEntries),
      type: [SearchEntryType],
      resolve: (r) => r.entries,
    }),
  }),
});

const existingIds = z
  .string()
  .max(MAX_EXISTING_IDS * 50, 'is too long')
  .nullish()
  .transform((text, ctx) => {
    const ids = parseExistingIds(text ?? '');
    if (ids.length > MAX_EXISTING_IDS) {
      ctx.addIssue({ code: 'custom', message: `must list at most ${MAX_EXISTING_IDS} ids` });
      return z.NEVER;
    }
    if (ids.some((id) => !/^[^\s:]{1,64}$/.test(id))) {
      ctx.addIssue({ code: 'custom', message: 'must be comma-joined ids' });
      return z.NEVER;
    }
    return new Set(ids);
  });

/** Request data a source may add; unknown keys are refused so a typo is not silently ignored. */
const extraSchema = z
  .strictObject({
    types: z
      .array(z.enum(SOURCE_ENTRY_TYPES))
      .min(1, 'must name at least one type')
      .max(SOURCE_ENTRY_TYPES.length)
      .optional(),
    limit: z
      .number()
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(TYPEAHEAD.maxEntries, `must be at most ${TYPEAHEAD.maxEntries}`)
      .optional(),
  })
  .nullish()
  .transform((extra) => extra ?? {});

const sourceArgs = z.object({
  value: z.string(),
  existing_ids: existingIds,
  extra: extraSchema,
  allow_short_query: z
    .boolean()
    .nullish()
    .transform((v) => v === true),
});

builder.queryField('typeahead_source', (t) =>
  t.field({
    type: SourceResultType,
    description:
      'The generic typeahead source: entries for `value` without `existing_ids`; `extra` may set types and limit.',
    authScopes: { authenticated: true },
    args: {
      value: t.arg.string({ required: true }),
      existing_ids: t.arg.string(),
      extra: t.arg({ type: 'JSON' }),
      allow_short_query: t.arg.boolean(),
    },
    resolve: async (_root, rawArgs, ctx) => {
      const args = parseArgs(sourceArgs, rawArgs);
      const scope = scopeOf(ctx);
      const query = prepareQuery(args.value, args.allow_short_query, 'value');
      const entries = await typeaheadSource(scope, query, {
        existingIds: args.existing_ids,
        types: args.extra.types ?? null,
        limit: args.extra.limit ?? TYPEAHEAD.maxEntries,
      });
      return { value: args.value, entries };
    },
  }),
);
