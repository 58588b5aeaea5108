import { createComplexityRule } from '@pothos/plugin-complexity';
import {
  Kind,
  type GraphQLError,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** Deepest field nesting accepted; the deepest real query of the client is about 8. */
export const MAX_DEPTH = 12;
/**
 * Largest estimated cost (see complexity.ts: every field costs the product of
 * the page sizes above it). The biggest client query (bootstrap: 100 friends and
 * 100 threads with their participants) costs about 6,000.
 */
export const MAX_COST = 20_000;
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
function introspectionDepth(context: ValidationContext, operation: OperationDefinitionNode): number {
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

/**
 * Applies the limits to every operation once graphql's own validation passed.
 * Not as a rule of that validation: Yoga caches its result by document, and the
 * cost depends on the request's variables. Variables that do not coerce are left
 * to execution, which refuses them as bad_request naming the variable.
 */
export const queryLimitsPlugin: Plugin = {
  onValidate({ context, params: { schema, documentAST }, validateFn }) {
    return ({ valid, setResult }) => {
      if (!valid) return;
      const { variables, operationName } = (context as { params?: RequestParams }).params ?? {};
      const rules = queryLimitRules({
        maxDepth: MAX_DEPTH,
        maxCost: MAX_COST,
        variables: variables ?? {},
        operationName: operationName ?? null,
        context,
      });
      // validateFn is graphql's validate of Yoga's own copy of graphql (the schema's).
      const refused = validateFn(schema, documentAST, rules).filter(
        (error: GraphQLError) => error.extensions.code === 'query_too_complex',
      );
      if (refused.length > 0) setResult(refused);
    };
  },
};
