import { Kind, type ASTNode, type DocumentNode, type GraphQLError } from 'graphql';
import { nulCharPath } from '@messenger/core';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/*
 * GraphQL's own checks (argument types, required arguments, variables) answer
 * with their own codes. Clients of this API get one shape for every bad
 * argument: code 'bad_request' and the argument named in `extensions.field`.
 */

interface ArgumentSpan {
  name: string;
  start: number;
  end: number;
}

function argumentSpans(document: DocumentNode): ArgumentSpan[] {
  const spans: ArgumentSpan[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const ast = node as ASTNode;
    if (ast.kind === Kind.ARGUMENT && ast.loc !== undefined) {
      spans.push({ name: ast.name.value, start: ast.loc.start, end: ast.loc.end });
    }
    for (const [key, value] of Object.entries(ast)) {
      if (key !== 'loc' && typeof value === 'object') walk(value);
    }
  };
  walk(document);
  return spans;
}

const REQUIRED_ARGUMENT = /argument "(\w+)" of type "[^"]+" is required/;
const VARIABLE = /^Variable "\$(\w+)"/;

function badRequest(error: GraphQLError, field: string): GraphQLError {
  return createGraphQLError(`${field}: ${error.message}`, {
    nodes: error.nodes ?? null,
    extensions: { code: 'bad_request', field },
  });
}

/** The argument a validation error is about, or null when it is about something else. */
function argumentOf(error: GraphQLError, spans: readonly ArgumentSpan[]): string | null {
  const required = REQUIRED_ARGUMENT.exec(error.message);
  if (required?.[1] !== undefined) return required[1];
  const position = error.positions?.[0];
  if (position === undefined) return null;
  return spans.find((s) => s.start <= position && position < s.end)?.name ?? null;
}

const nulRefused = (field: string): GraphQLError =>
  createGraphQLError(`${field}: text cannot hold the character U+0000.`, {
    extensions: { code: 'bad_request', field },
  });

export const badInputPlugin: Plugin = {
  // U+0000 (which PostgreSQL cannot store) in a variable or a string literal: refused whole.
  onParams({ params, setResult }) {
    const variablePath = nulCharPath(params.variables ?? {});
    const query = params.query ?? '';
    // A string literal can carry it raw or escaped.
    const inQuery = query.includes('\u0000') || query.includes('\\u0000');
    if (variablePath !== null || inQuery) {
      setResult({ errors: [nulRefused(variablePath ?? 'query')] });
    }
  },
  onValidate({ params }) {
    return ({ result, setResult }) => {
      if (result.length === 0) return;
      const spans = argumentSpans(params.documentAST as DocumentNode);
      setResult(
        (result as GraphQLError[]).map((error) => {
          if (error.extensions.code !== undefined) return error;
          const field = argumentOf(error, spans);
          return field === null ? error : badRequest(error, field);
        }),
      );
    };
  },
};

/** A variable that failed coercion, as a bad_request naming it (or null for any other error). */
export function variableError(error: GraphQLError): GraphQLError | null {
  const variable = VARIABLE.exec(error.message);
  return variable?.[1] === undefined ? null : badRequest(error, variable[1]);
}
