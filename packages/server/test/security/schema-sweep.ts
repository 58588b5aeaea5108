import type {
  GraphQLArgument,
  GraphQLEnumType,
  GraphQLField,
  GraphQLInputObjectType,
  GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLOutputType,
  GraphQLScalarType,
  GraphQLSchema,
} from 'graphql';

// The schema comes from the server's graphql module, which may be another copy (CJS)
// than the one this test file would import (ESM): graphql's instanceof checks refuse
// that, so the types are told apart by shape.
type AnyType = GraphQLInputType | GraphQLOutputType;
const isNonNullType = (t: AnyType): t is GraphQLNonNull<GraphQLInputType> =>
  'ofType' in t && t.toString().endsWith('!');
const isListType = (t: AnyType): t is GraphQLList<GraphQLInputType> =>
  'ofType' in t && t.toString().startsWith('[') && !t.toString().endsWith('!');
const getNullableType = (t: AnyType): AnyType => (isNonNullType(t) ? t.ofType : t);
const getNamedType = (t: AnyType): AnyType =>
  'ofType' in t ? getNamedType(t.ofType as AnyType) : t;
const isEnumType = (t: AnyType): t is GraphQLEnumType => 'getValues' in t;
const isInputObjectType = (t: AnyType): t is GraphQLInputObjectType =>
  'getFields' in t && !('getInterfaces' in t);
const isScalarType = (t: AnyType): t is GraphQLScalarType =>
  'parseLiteral' in t && !('getValues' in t);

/*
 * Walks the GraphQL schema to find every place a client can put text (a String or
 * ID argument, or a String/ID field of an input object, in lists too), and builds,
 * for each, an operation that fills every other argument with a plausible value.
 * The sweep in schema-text.test.ts runs them: a field added tomorrow is swept
 * without anyone remembering to add it.
 */

/** One text position: the operation, its variables with the slot to fill, and where it is. */
export interface TextSlot {
  /** `Mutation.send_message(input.text)` */
  label: string;
  operation: string;
  /** The variables with `fill` applied at this slot. */
  variables: (fill: string) => Record<string, unknown>;
}

/** Plausible values for arguments that are not the slot under test, by name then type. */
export interface Plausible {
  /** A value for a String/ID position by its argument or field name. */
  text: (name: string, fresh: () => string) => unknown;
  /** A whole argument's value where a generic one would never pass validation (undefined: generic). */
  argument?: (field: string, arg: string, fresh: () => string) => unknown;
}

type Path = readonly (string | number)[];

function isTextScalar(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  return isScalarType(named) && (named.name === 'String' || named.name === 'ID');
}

/** A value of this type, with every text position chosen by `plausible`. */
function valueOf(
  type: GraphQLInputType,
  name: string,
  plausible: Plausible,
  fresh: () => string,
): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) {
    const item = inner.ofType;
    const one = valueOf(item, name, plausible, fresh);
    return Array.isArray(one) ? one : [one];
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value ?? null;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      // Optional fields stay out (the slot under test is set on its own); presets fill the rest.
      if (!isNonNullType(field.type)) continue;
      out[field.name] = valueOf(field.type, field.name, plausible, fresh);
    }
    return out;
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
        return 5;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return false;
      case 'String':
      case 'ID':
        return plausible.text(name, fresh);
      default:
        return {};
    }
  }
  return null;
}

/** Every text position under an argument, as paths into its value. */
function textPaths(type: GraphQLInputType, depth = 0): Path[] {
  if (isTextScalar(type) && !isListType(getNullableType(type))) return [[]];
  const inner = getNullableType(type);
  if (isListType(inner)) {
    return textPaths(inner.ofType, depth + 1).map((p) => [0, ...p]);
  }
  if (isInputObjectType(inner) && depth < 3) {
    return Object.values(inner.getFields()).flatMap((field) =>
      textPaths(field.type, depth + 1).map((p) => [field.name, ...p]),
    );
  }
  return [];
}

/**
 * The value with `fill` at `path`; objects and list items missing on the way are made
 * from their type (required fields filled), so the operation stays valid around the slot.
 */
function setAt(
  type: GraphQLInputType,
  value: unknown,
  path: Path,
  fill: string,
  plausible: Plausible,
  fresh: () => string,
): unknown {
  if (path.length === 0) return fill;
  const [head, ...rest] = path;
  const inner = getNullableType(type);
  const base = value ?? valueOf(type, String(head), plausible, fresh);
  if (typeof head === 'number' && isListType(inner)) {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    const item = inner.ofType;
    list[head] = setAt(item, list[head], rest, fill, plausible, fresh);
    return list;
  }
  if (typeof head === 'string' && isInputObjectType(inner)) {
    const object = { ...(base as Record<string, unknown>) };
    const field = inner.getFields()[head];
    if (field !== undefined) {
      object[head] = setAt(field.type, object[head], rest, fill, plausible, fresh);
    }
    return object;
  }
  return fill;
}

function printType(type: GraphQLInputType): string {
  return type.toString();
}

/** `{ __typename }` for object results, nothing for scalars: the smallest valid selection. */
function selectionFor(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
}

function slotsOfRoot(
  root: GraphQLObjectType,
  keyword: 'query' | 'mutation',
  plausible: Plausible,
  fresh: () => string,
): TextSlot[] {
  const slots: TextSlot[] = [];
  for (const field of Object.values(root.getFields())) {
    const args: readonly GraphQLArgument[] = field.args;
    if (args.length === 0) continue;
    const declared = args.map((a) => `$${a.name}: ${printType(a.type)}`).join(', ');
    const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const operation = `${keyword}(${declared}) { ${field.name}(${passed})${selectionFor(field)} }`;
    for (const arg of args) {
      for (const path of textPaths(arg.type)) {
        const where = [arg.name, ...path.filter((p) => typeof p === 'string')].join('.');
        slots.push({
          label: `${root.name}.${field.name}(${where})`,
          operation,
          variables: (fill) => {
            const values: Record<string, unknown> = {};
            for (const other of args) {
              const preset = plausible.argument?.(field.name, other.name, fresh);
              // Optional arguments stay out unless preset: each alone may change what is asked.
              if (preset === undefined && !isNonNullType(other.type)) continue;
              values[other.name] = preset ?? valueOf(other.type, other.name, plausible, fresh);
            }
            values[arg.name] = setAt(arg.type, values[arg.name], path, fill, plausible, fresh);
            return values;
          },
        });
      }
    }
  }
  return slots;
}

/** Every text position of every query and mutation field of the schema. */
export function textSlotsOf(
  schema: GraphQLSchema,
  plausible: Plausible,
  fresh: () => string,
): TextSlot[] {
  const slots: TextSlot[] = [];
  const query = schema.getQueryType();
  const mutation = schema.getMutationType();
  if (query) slots.push(...slotsOfRoot(query, 'query', plausible, fresh));
  if (mutation) slots.push(...slotsOfRoot(mutation, 'mutation', plausible, fresh));
  return slots;
}
