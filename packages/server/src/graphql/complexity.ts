import type { FieldComplexityValue } from '@pothos/plugin-complexity';
import type { GraphQLField, GraphQLOutputType } from 'graphql';

/*
 * What a field costs, for @pothos/plugin-complexity: every field costs 1 and
 * multiplies the cost of what is selected under it by the number of items it
 * returns, so a field's cost is the product of the page sizes above it.
 * A field states its own with the `complexity` option (`maxItems` below);
 * the rest are estimated by `fieldComplexity`, the builder's default.
 * Costs are measured before the GraphQL context is built (query-limits.ts): a
 * cost function must not read `ctx` (it gets Yoga's request context, no viewer).
 */

// The defaults of the limits live in config.ts (below graphql/), which reads them.
export { MAX_COST, MAX_DEPTH } from '../config';

/**
 * Arguments that say how many items a list field returns. `last` counts like
 * `first`: a thread row's preview `messages(last: 1)` is one item, not a page.
 */
const SIZE_ARGS = [
  'first',
  'last',
  'count',
  'result_limit',
  'num_users',
  'num_groups',
  'num_pages',
];
/** A connection asked for without a size returns its default page, at most this many. */
const DEFAULT_CONNECTION_SIZE = 100;
/** A plain list (participants, modules) is estimated at this many items. */
const LIST_ESTIMATE = 10;

/**
 * The largest size argument given (`first` and `last` together: the larger), or
 * null. Variables arrive resolved (the plugin reads the request's values).
 */
function sizeArgument(args: Record<string, unknown>): number | null {
  let size: number | null = null;
  for (const name of SIZE_ARGS) {
    const given = args[name];
    if (typeof given === 'number') size = Math.max(size ?? 0, Math.max(1, given));
  }
  return size;
}

/** By the printed type rather than graphql's isListType: see `namedTypeName`. */
const isList = (type: GraphQLOutputType): boolean => String(type).replace(/!$/, '').startsWith('[');

/**
 * By the type's printed name, not graphql's getNamedType: a test runner may load
 * graphql's ESM build for this file and its CommonJS build for the schema, and
 * graphql's type checks refuse objects of the other build.
 */
const namedTypeName = (type: GraphQLOutputType): string => String(type).replace(/[[\]!]/g, '');

/** The builder's default: a size argument, else a connection's default page, else a list's estimate. */
export function fieldComplexity(
  args: Record<string, unknown>,
  _ctx: unknown,
  field: GraphQLField<unknown, never>,
): FieldComplexityValue {
  const size = sizeArgument(args);
  if (size !== null) return { field: 1, multiplier: size };
  if (namedTypeName(field.type).endsWith('Connection')) {
    return { field: 1, multiplier: DEFAULT_CONNECTION_SIZE };
  }
  // A list of scalars has nothing under it to multiply.
  return { field: 1, multiplier: isList(field.type) ? LIST_ESTIMATE : 1 };
}

/**
 * A list field's cost when it never returns more than `count` items: the size
 * asked for, at most `count` (`complexity: maxItems(SIDEBAR_LIST_MAX)`).
 */
export const maxItems =
  (count: number) =>
  (args: Record<string, unknown>): FieldComplexityValue => ({
    field: 1,
    multiplier: Math.min(sizeArgument(args) ?? count, count),
  });

/**
 * A connection's `edges`: its page size was counted once by the connection
 * field, so the edges do not multiply again (relay's edgesFieldOptions).
 */
export const EDGES_COMPLEXITY: FieldComplexityValue = { field: 1, multiplier: 1 };
