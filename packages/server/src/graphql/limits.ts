import {
  Kind,
  type GraphQLError,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

/*
 * Type tests here are structural rather than graphql's isObjectType & co.:
 * those compare classes, and a test runner may load graphql's ESM build for
 * this file and its CommonJS build for the schema (two "realms").
 */

type FieldMap = Record<string, GraphQLField<unknown, unknown>>;
type Composite = GraphQLNamedType & { getFields?: () => unknown };

function namedTypeOf(type: GraphQLOutputType): GraphQLNamedType {
  let current: GraphQLOutputType = type;
  while ('ofType' in current) current = current.ofType;
  return current;
}

const isListOf = (type: GraphQLOutputType): boolean =>
  String(type).replace(/!$/, '').startsWith('[');

const isComposite = (type: GraphQLNamedType | null | undefined): type is Composite =>
  type != null && ('getFields' in type || 'getTypes' in type) && !('getValues' in type);

function fieldsOf(type: Composite | undefined): FieldMap {
  return (type?.getFields?.() ?? {}) as FieldMap;
}

/** Deepest field nesting accepted; the deepest real query of the client is about 8. */
export const MAX_DEPTH = 12;
/**
 * Deepest nesting under an introspection field (`__schema`, `__type`): graphql's own
 * introspection query (GraphiQL's) reaches 13 through its `ofType` chains. The
 * list explosion (`fields { type { fields ...`) is graphql's MaxIntrospectionDepthRule's.
 */
export const MAX_INTROSPECTION_DEPTH = 15;
/**
 * Largest estimated cost: every field costs the product of the page sizes above
 * it. The biggest client query (bootstrap: 100 friends and 100 threads with
 * their participants) costs about 6,000.
 */
export const MAX_COST = 20_000;

/**
 * Arguments that say how many items a list field returns. `last` counts like
 * `first`: a thread row's preview `messages(last: 1)` is one item, not a page.
 */
const SIZE_ARGS = new Set([
  'first',
  'last',
  'count',
  'result_limit',
  'num_users',
  'num_groups',
  'num_pages',
]);
/** A page size given through a variable is taken at the largest any list allows. */
const UNKNOWN_SIZE = 100;
/** A connection asked for without a size returns its default page, at most this many. */
const DEFAULT_CONNECTION_SIZE = 100;
/** A plain list (participants, modules) is estimated at this many items. */
const LIST_ESTIMATE = 10;

const tooComplex = (message: string): GraphQLError =>
  createGraphQLError(message, { extensions: { code: 'query_too_complex' } });

/** The largest size argument given (`first` and `last` together: the larger), or null. */
function sizeArgument(node: FieldNode): number | null {
  let size: number | null = null;
  for (const arg of node.arguments ?? []) {
    if (!SIZE_ARGS.has(arg.name.value)) continue;
    const given = arg.value.kind === Kind.INT ? Math.max(1, Number(arg.value.value)) : UNKNOWN_SIZE;
    size = Math.max(size ?? 0, given);
  }
  return size;
}

/** Marks a list field with the most items it returns, for the cost estimate. */
export const maxItems = (count: number) => ({ maxItems: count });

function multiplierOf(
  node: FieldNode,
  field: GraphQLField<unknown, unknown> | undefined,
  parent: Composite | undefined,
): number {
  // A connection's page size already counts its edges once.
  if (parent?.name.endsWith('Connection') === true) return 1;
  const size = sizeArgument(node);
  const declared = field?.extensions.maxItems;
  if (typeof declared === 'number') return Math.min(size ?? declared, declared);
  if (size !== null) return size;
  if (field === undefined) return 1;
  const type: GraphQLOutputType = field.type;
  const named = namedTypeOf(type);
  if (named.name.endsWith('Connection')) return DEFAULT_CONNECTION_SIZE;
  return isListOf(type) && isComposite(named) ? LIST_ESTIMATE : 1;
}

interface Measure {
  depth: number;
  /** Deepest nesting counted from the root through an introspection field. */
  introspectionDepth: number;
  cost: number;
}

/**
 * Walks one operation with fragments inlined. Introspection has its own depth
 * limit (GraphiQL's query is deep by nature) and no cost: it reads the schema only.
 */
function measure(context: ValidationContext, operation: OperationDefinitionNode): Measure {
  const schema = context.getSchema();
  const root = schema.getRootType(operation.operation);
  let maxDepth = 0;
  let introspectionDepth = 0;
  let cost = 0;

  const visit = (
    set: SelectionSetNode,
    parent: Composite | undefined,
    depth: number,
    multiplier: number,
    fragments: ReadonlySet<string>,
    inIntrospection = false,
  ): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const fieldDepth = depth + 1;
        if (inIntrospection || name.startsWith('__')) {
          introspectionDepth = Math.max(introspectionDepth, fieldDepth);
          if (selection.selectionSet !== undefined) {
            visit(selection.selectionSet, undefined, fieldDepth, 1, fragments, true);
          }
          continue;
        }
        const field = fieldsOf(parent)[name];
        maxDepth = Math.max(maxDepth, fieldDepth);
        cost += multiplier;
        if (selection.selectionSet !== undefined) {
          const named = field === undefined ? undefined : namedTypeOf(field.type);
          visit(
            selection.selectionSet,
            isComposite(named) ? named : undefined,
            fieldDepth,
            multiplier * multiplierOf(selection, field, parent),
            fragments,
          );
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : parent;
        visit(
          selection.selectionSet,
          isComposite(condition) ? condition : undefined,
          depth,
          multiplier,
          fragments,
          inIntrospection,
        );
      } else {
        const name = selection.name.value;
        // A fragment cycle is reported by the standard NoFragmentCycles rule.
        if (fragments.has(name)) continue;
        const fragment = context.getFragment(name);
        if (fragment === undefined || fragment === null) continue;
        const condition = schema.getType(fragment.typeCondition.name.value);
        visit(
          fragment.selectionSet,
          isComposite(condition) ? condition : undefined,
          depth,
          multiplier,
          new Set([...fragments, name]),
          inIntrospection,
        );
      }
    }
  };

  visit(operation.selectionSet, isComposite(root) ? root : undefined, 0, 1, new Set());
  return { depth: maxDepth, introspectionDepth, cost };
}

export interface ComplexityLimits {
  maxDepth: number;
  maxCost: number;
  maxIntrospectionDepth?: number;
}

/** Refuses operations nested deeper or estimated costlier than the limits ('query_too_complex'). */
export function createComplexityRule(limits: ComplexityLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const { depth, introspectionDepth, cost } = measure(context, operation);
      const introspectionLimit = limits.maxIntrospectionDepth ?? MAX_INTROSPECTION_DEPTH;
      if (introspectionDepth > introspectionLimit) {
        context.reportError(
          tooComplex(
            `The introspection query is nested ${introspectionDepth} deep; the limit is ${introspectionLimit}.`,
          ),
        );
      } else if (depth > limits.maxDepth) {
        context.reportError(
          tooComplex(`The query is nested ${depth} deep; the limit is ${limits.maxDepth}.`),
        );
      } else if (cost > limits.maxCost) {
        context.reportError(
          tooComplex(
            `The query would cost about ${cost}; the limit is ${limits.maxCost}. Ask for smaller pages.`,
          ),
        );
      }
    },
  });
}

export const complexityRule = createComplexityRule({ maxDepth: MAX_DEPTH, maxCost: MAX_COST });
