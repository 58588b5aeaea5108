import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, toWireError } from '../../errors';
import { importNetwork } from './import';

/** A network of a million messages is a JSON body of a few hundred megabytes at most. */
export const ADMIN_IMPORT_BODY_LIMIT = 200 * 1024 * 1024;

const adminDisabled = (): AppError => new AppError('admin_disabled');
const adminUnauthenticated = (): AppError =>
  new AppError('unauthenticated', 'A valid admin token is required.');

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Compares digests, not the strings: equal lengths for timingSafeEqual, and
 * the time taken says nothing about the token's length or prefix.
 */
export function isAdminToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  const given = match?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given !== '';
}

/** An onRequest hook: the admin token, checked before the body is read. */
export function adminGuard(
  ctx: AppContext,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const token = ctx.config.adminToken;
    if (token === undefined) throw adminDisabled();
    if (!isAdminToken(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw adminUnauthenticated();
    }
    await Promise.resolve();
  };
}

/**
 * Admin endpoints: `POST /admin/import` takes a network file as its JSON body
 * (`authorization: Bearer <ADMIN_TOKEN>`). With no ADMIN_TOKEN configured
 * the admin API answers 403 `admin_disabled`; a missing or wrong token gets 401.
 * The token is checked before the body is read, so nobody else can make the
 * server parse 200 MB.
 */
export function networkRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    let running = false;
    const requireAdmin = adminGuard(ctx);

    // A body that is not JSON is a network file that cannot be read: same code as any refusal.
    app.setErrorHandler((error, request, reply) => {
      const code = (error as { code?: unknown }).code;
      if (
        typeof code === 'string' &&
        code.startsWith('FST_ERR_CTP_') &&
        code !== 'FST_ERR_CTP_BODY_TOO_LARGE'
      ) {
        const wire = toWireError(
          new AppError(
            'invalid_network',
            `the body is not a JSON network file: ${(error as Error).message}`,
          ),
        );
        return reply.status(wire.statusCode).send(wire.body);
      }
      const wire = toWireError(error);
      if (wire.statusCode >= 500) request.log.error({ err: error }, 'admin request failed');
      return reply.status(wire.statusCode).send(wire.body);
    });

    app.post(
      '/admin/import',
      { bodyLimit: ADMIN_IMPORT_BODY_LIMIT, onRequest: requireAdmin },
      async (request, reply) => {
        if (running) {
          throw new AppError('import_running');
        }
        running = true;
        try {
          const imported = await importNetwork(ctx.db, request.body, { now: ctx.clock.now() });
          request.log.info({ imported }, 'network imported');
          void reply.header('cache-control', 'no-store');
          return { imported };
        } finally {
          running = false;
        }
      },
    );
    await Promise.resolve();
  };
}
