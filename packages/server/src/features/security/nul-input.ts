import { nulCharPath } from '@messenger/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors';
import { GRAPHQL_PATH } from '../../graphql/plugin';

/**
 * Every route's parsed body and query string: text holding U+0000 (which PostgreSQL
 * cannot store) is refused with 400 and the field at fault before any handler runs,
 * so no path can half-write it. Raw bodies (attachment ciphertext) are bytes, not text.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // GraphQL answers in its own shape (graphql/bad-input.ts checks its variables and literals).
    if (request.routeOptions.url === GRAPHQL_PATH) return;
    const body = Buffer.isBuffer(request.body) ? null : request.body;
    const field = nulCharPath(request.query ?? {}) ?? nulCharPath(body ?? {});
    if (field !== null) {
      throw badRequest(field === '' ? 'body' : field, 'Text cannot hold the character U+0000.');
    }
    await Promise.resolve();
  });
}
