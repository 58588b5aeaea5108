import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, toWireError } from '../errors';
import { explainZodError } from '@messenger/core';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * A form body as an object of strings. A key repeated, or written `key[]`,
 * becomes a list: `coworkers_to_invite[]=1&coworkers_to_invite[]=2`. The
 * schemas' form variants turn the strings into numbers and booleans.
 */
export function formToObject(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const previous = fields.get(key);
    if (previous === undefined) fields.set(key, isList ? [value] : value);
    else fields.set(key, Array.isArray(previous) ? [...previous, value] : [previous, value]);
  }
  // fromEntries defines own properties: a `__proto__` field cannot reach a prototype.
  return Object.fromEntries(fields);
}

/** Form-encoded bodies for the routes of the calling (encapsulated) plugin. */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, formToObject(typeof body === 'string' ? body : body.toString('utf8')));
  });
}

export function isFormRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;
}

/** The 400 for a failed schema: the first problem, with its field ('body' when the whole body is wrong). */
export function zodToBadRequest(error: z.ZodError, schema?: z.ZodType): AppError {
  const { field, message } = explainZodError(error, schema);
  return badRequest(field === '' ? 'body' : field, message);
}

/** What parseBody needs of a schema (structural, so JSON and form twins of one output type fit). */
export interface BodySchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: z.ZodError };
}

/**
 * Validates the body with the JSON schema, or with its form twin when the body
 * was form-encoded (same output type). A missing body counts as `{}`, so each
 * required field is named as missing.
 */
export function parseBody<T>(
  request: FastifyRequest,
  jsonSchema: BodySchema<T>,
  formSchema: BodySchema<T> = jsonSchema,
): T {
  const schema = isFormRequest(request) ? formSchema : jsonSchema;
  const result = schema.safeParse(request.body ?? {});
  if (!result.success) throw zodToBadRequest(result.error);
  return result.data;
}

/**
 * Fastify's own body errors (malformed JSON, empty JSON body, unsupported
 * media type...) in this plugin's routes, answered in the `bad_request` shape
 * naming the body. Other errors get the app's usual wire form.
 */
export function answerBodyErrorsAsBadRequest(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const code = (error as { code?: unknown }).code;
    const status = (error as { statusCode?: unknown }).statusCode;
    const isBodyError =
      typeof code === 'string' && code.startsWith('FST_ERR_CTP_') && status === 400;
    const wire = toWireError(isBodyError ? badRequest('body', (error as Error).message) : error);
    if (wire.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(wire.statusCode).send(wire.body);
  });
}
