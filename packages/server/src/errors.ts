/**
 * Errors with a stable code and an HTTP status. `toWireError` is the one place
 * that turns any error into what a client sees; a 500 never shows internals.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode = 400,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (field: string, message: string): AppError =>
  new AppError('bad_request', message, 400, field);
export const unauthenticated = (): AppError =>
  new AppError('unauthenticated', 'Log in to continue.', 401);
export const forbidden = (message = 'You are not allowed to do this.'): AppError =>
  new AppError('forbidden', message, 403);
export const notFound = (what = 'Not found.'): AppError => new AppError('not_found', what, 404);

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
    statusCode: 500,
    body: { error: { code: 'internal', message: 'Something went wrong on our side.' } },
  };
}
