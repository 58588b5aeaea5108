import { TYPEAHEAD } from '@messenger/core';
import { z } from 'zod';
import type { GraphQLContext } from '../../graphql/context';
import { idListArg } from '../../graphql/ids';
import { scopeOf } from '../social-graph/schema-scope';
import { prepareQuery } from './query';

/* Argument schemas shared by the search fields. */

export const limitArg = (max: number) =>
  z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .nullish()
    .transform((v) => v ?? max);

export const flag = z
  .boolean()
  .nullish()
  .transform((v) => v === true);

export const excludeIds = idListArg(TYPEAHEAD.maxEntries)
  .nullish()
  .transform((ids) => new Set(ids ?? []));

/** Checks the query argument (length rules) and returns the viewer scope with it. */
export function begin(ctx: GraphQLContext, raw: string, allowShort: boolean, field: string) {
  const scope = scopeOf(ctx);
  return { scope, query: prepareQuery(raw, allowShort, field) };
}

export const queryArgs = z.object({ query: z.string(), allow_short_query: flag });
