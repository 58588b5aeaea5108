import { defaultErrorMessage, ERROR_CATALOGUE, type ErrorCode } from '@messenger/core';

/**
 * Errors with a stable code from core's catalogue, which also gives the HTTP
 * status (and, when the thrower has no better wording, the message).
 * `toWireError` is the one place that turns any error into what a client
 * sees; a 500 never shows internals.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = defaultErrorMessage(code),
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_CATALOGUE[code].status;
  }

  /** The same refusal, naming the argument at fault (a service's generic error, placed). */
  withField(field: string): AppError {
    return new AppError(this.code, this.message, field);
  }
}

export const badRequest = (field: string, message: string): AppError =>
  new AppError('bad_request', message, field);
export const unauthenticated = (): AppError => new AppError('unauthenticated');
export const forbidden = (message?: string): AppError => new AppError('forbidden', message);
export const notFound = (what?: string): AppError => new AppError('not_found', what);

export interface WireError {
  statusCode: number;
  body: { error: { code: string; message: string; field?: string } };
}

export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) {
    const body: WireError['body'] = { error: { code: error.code, message: error.message } };
    if (error.field !== undefined) body.error.field = error.field;
    return { statusCode: error.statusCode, body };
  }
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, rate limit): their messages are safe.
    const code = (error as { code?: unknown }).code;
    return {
      statusCode: status,
      body: {
        error: {
          code: typeof code === 'string' ? code.toLowerCase() : 'bad_request',
          message: (error as Error).message,
        },
      },
    };
  }
  return {
    statusCode: ERROR_CATALOGUE.internal.status,
    body: { error: { code: 'internal', message: defaultErrorMessage('internal') } },
  };
}
