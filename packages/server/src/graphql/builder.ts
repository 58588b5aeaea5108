import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { Kind, type ValueNode } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import { EDGES_COMPLEXITY, fieldComplexity } from './complexity';
import type { GraphQLContext } from './context';
import { forbiddenError, unauthenticatedError } from './errors';

/** Roles and gates of seed section 6, as scope-auth scopes. */
export interface AuthScopes {
  authenticated: boolean;
  employee: boolean;
  work: boolean;
  employeeOrWork: boolean;
  employeeAndWork: boolean;
  gate: string;
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  Scalars: {
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, RelayPlugin, DataloaderPlugin, ComplexityPlugin],
  complexity: {
    fieldComplexity,
    // No per-resolver check: the limits are applied while validating (query-limits.ts),
    // before anything runs, with introspection's depth alongside.
    disabled: true,
  },
  scopeAuth: {
    authScopes: (ctx) => {
      const viewer = ctx.viewer;
      return {
        authenticated: viewer !== null,
        employee: viewer?.isEmployee ?? false,
        work: viewer?.isWork ?? false,
        employeeOrWork: viewer !== null && (viewer.isEmployee || viewer.isWork),
        employeeAndWork: viewer !== null && viewer.isEmployee && viewer.isWork,
        gate: (name) => viewer?.gates.has(name) ?? false,
      };
    },
    // Anonymous callers learn only that they must log in; others that the role or gate is missing.
    unauthorizedError: (_parent, ctx) =>
      ctx.viewer === null ? unauthenticatedError() : forbiddenError(),
  },
  relay: {
    cursorType: 'String',
    clientMutationId: 'omit',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { complexity: EDGES_COMPLEXITY },
  },
});

builder.queryType({});

/** Any JSON value (the typeahead source's `extra` and the thread nickname map). */
builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast) => literalValue(ast),
});

function literalValue(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalValue(f.value)]));
    default:
      // Variables inside a JSON literal are not resolved here: refuse rather than guess.
      throw createGraphQLError('JSON literals cannot contain variables.', {
        extensions: { code: 'bad_request' },
      });
  }
}

/*
 * The seed names snake_case paging fields (`page_info.has_next_page`,
 * `end_cursor`) while Relay's @connection needs `pageInfo { hasNextPage
 * endCursor }`: every connection carries both.
 */
builder.objectFields(builder.pageInfoRef(), (t) => ({
  has_next_page: t.boolean({ resolve: (info) => info.hasNextPage }),
  has_previous_page: t.boolean({ resolve: (info) => info.hasPreviousPage }),
  start_cursor: t.string({ nullable: true, resolve: (info) => info.startCursor ?? null }),
  end_cursor: t.string({ nullable: true, resolve: (info) => info.endCursor ?? null }),
}));

builder.globalConnectionFields((t) => ({
  page_info: t.field({
    type: builder.pageInfoRef(),
    resolve: (connection) => connection.pageInfo,
  }),
}));
