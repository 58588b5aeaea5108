import { createComplexityRule } from '@pothos/plugin-complexity';
import {
  Kind,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

export { MAX_COST, MAX_DEPTH } from './complexity';

/**
 * Deepest nesting under an introspection field (`__schema`, `__type`): graphql's own
 * introspection query (GraphiQL's) reaches 13 through its `ofType` chains. The
 * plugin does not look inside introspection fields, and graphql's
 * MaxIntrospectionDepthRule stops only the list explosion (`fields { type { fields ...`).
 */
export const MAX_INTROSPECTION_DEPTH = 15;

export interface QueryLimits {
  maxDepth: number;
  maxCost: number;
  maxIntrospectionDepth?: number;
  /** The request's variables: a page size given through one counts at its value. */
  variables?: Record<string, unknown>;
  operationName?: string | null;
  context?: object;
}

const tooComplex = (message: string): GraphQLError =>
  createGraphQLError(message, { extensions: { code: 'query_too_complex' } });

/** The deepest field under (or being) an introspection field, counted from the root. */
function introspectionDepth(
  context: ValidationContext,
  operation: OperationDefinitionNode,
): number {
  let deepest = 0;
  const visit = (
    set: SelectionSetNode,
    depth: number,
    inside: boolean,
    fragments: ReadonlySet<string>,
  ): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const within = inside || selection.name.value.startsWith('__');
        if (within) deepest = Math.max(deepest, depth + 1);
        if (selection.selectionSet !== undefined) {
          visit(selection.selectionSet, depth + 1, within, fragments);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, depth, inside, fragments);
      } else {
        const name = selection.name.value;
        // A fragment cycle is reported by the standard NoFragmentCycles rule.
        const fragment = fragments.has(name) ? null : context.getFragment(name);
        if (fragment) visit(fragment.selectionSet, depth, inside, new Set([...fragments, name]));
      }
    }
  };
  visit(operation.selectionSet, 0, false, new Set());
  return deepest;
}

function introspectionDepthRule(limit: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const depth = introspectionDepth(context, operation);
      if (depth > limit) {
        context.reportError(
          tooComplex(`The introspection query is nested ${depth} deep; the limit is ${limit}.`),
        );
      }
    },
  });
}

/**
 * The rules that refuse an operation nested deeper or estimated costlier than
 * the limits ('query_too_complex'): depth and cost are @pothos/plugin-complexity's,
 * with the fields' costs the schema declares; introspection's depth is ours.
 */
export function queryLimitRules(limits: QueryLimits): ValidationRule[] {
  const introspectionLimit = limits.maxIntrospectionDepth ?? MAX_INTROSPECTION_DEPTH;
  return [
    introspectionDepthRule(introspectionLimit),
    createComplexityRule({
      context: limits.context ?? {},
      variableValues: limits.variables ?? {},
      operationName: limits.operationName ?? null,
      validate: ({ depth, complexity }, report) => {
        if (depth > limits.maxDepth) {
          report(tooComplex(`The query is nested ${depth} deep; the limit is ${limits.maxDepth}.`));
        } else if (complexity > limits.maxCost) {
          report(
            tooComplex(
              `The query would cost about ${complexity}; the limit is ${limits.maxCost}. Ask for smaller pages.`,
            ),
          );
        }
      },
    }),
  ];
}

interface RequestParams {
  variables?: Record<string, unknown>;
  operationName?: string | null;
}

const isRefusal = (error: GraphQLError): boolean => error.extensions.code === 'query_too_complex';

/**
 * Applies the limits (the config's GRAPHQL_MAX_DEPTH and GRAPHQL_MAX_COST) to
 * every operation once graphql's own validation passed, before anything runs.
 * Not as a rule of that validation: Yoga caches its result by document, and the
 * cost depends on the request's variables. Yoga's cache stores what this hook
 * leaves (it runs after it), so a cached refusal of ours is measured again.
 * Variables that do not coerce are left to execution, which refuses them as
 * bad_request naming the variable.
 */
export const queryLimitsPlugin = (limits: { maxDepth: number; maxCost: number }): Plugin => ({
  onValidate({ context, params: { schema, documentAST }, validateFn }) {
    return ({ result, setResult }) => {
      if (!(result as readonly GraphQLError[]).every(isRefusal)) return;
      const { variables, operationName } = (context as { params?: RequestParams }).params ?? {};
      const rules = queryLimitRules({
        ...limits,
        variables: variables ?? {},
        operationName: operationName ?? null,
        context,
      });
      // validateFn is graphql's validate of Yoga's own copy of graphql (the schema's).
      const validate = validateFn as (
        schema: GraphQLSchema,
        document: DocumentNode,
        rules: readonly ValidationRule[],
      ) => readonly GraphQLError[];
      setResult(
        validate(schema as GraphQLSchema, documentAST as DocumentNode, rules).filter(isRefusal),
      );
    };
  },
});
