import { explainZodError, type ErrorCode } from '@messenger/core';
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import type { z } from 'zod';
import type { Viewer } from '../viewer';
import { AppError } from '../errors';

/**
 * The GraphQL API's share of core's error catalogue, carried in `extensions.code`
 * (`extensions.field` names the argument at fault for bad_request).
 */
export type GraphQLErrorCode = Extract<
  ErrorCode,
  | 'bad_request'
  | 'forbidden'
  | 'unauthenticated'
  | 'not_found'
  | 'query_too_short'
  | 'query_too_complex'
  | 'persisted_query_only'
>;

export function graphqlError(
  code: GraphQLErrorCode,
  message: string,
  field?: string,
): GraphQLError {
  return createGraphQLError(message, {
    extensions: field === undefined ? { code } : { code, field },
  });
}

export const badArgument = (field: string, message: string): GraphQLError =>
  graphqlError('bad_request', `${field}: ${message}`, field);

export const forbiddenError = (message = 'You are not allowed to do this.', field?: string) =>
  graphqlError('forbidden', message, field);

export const unauthenticatedError = (): GraphQLError =>
  graphqlError('unauthenticated', 'Log in to continue.');

/** The logged-in viewer, or the `unauthenticated` error. */
export function viewerOf(ctx: { viewer: Viewer | null }): Viewer {
  if (ctx.viewer === null) throw unauthenticatedError();
  return ctx.viewer;
}

/**
 * Validates resolver arguments with a zod schema; the first problem becomes a
 * bad_request naming the argument (and the path inside it).
 */
export function parseArgs<S extends z.ZodType>(schema: S, args: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  // Worded for people (it may reach the screen); the path is in the error's `field`.
  const { field, message } = explainZodError(parsed.error, schema);
  const path = prefix === '' ? field : field === '' ? prefix : `${prefix}.${field}`;
  throw graphqlError('bad_request', message, path === '' ? 'arguments' : path);
}

/**
 * Services may throw AppError (shared with the REST side); GraphQL clients see
 * the same stable code and field instead of a masked error.
 */
export function appErrorToGraphQL(error: AppError): GraphQLError {
  return createGraphQLError(error.message, {
    extensions:
      error.field === undefined ? { code: error.code } : { code: error.code, field: error.field },
  });
}

export { AppError };
