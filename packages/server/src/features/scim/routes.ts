import {
  SCIM_CONTENT_TYPE,
  scimErrorBody,
  scimListQuerySchema,
  type ScimProblem,
} from '@messenger/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { toWireError } from '../../errors';
import { isAdminToken } from '../network/routes';
import { ScimGroups } from './groups';
import { checkIfMatch } from './resource';
import { parseScim, ScimError, scimError } from './scim-error';
import { ScimUsers } from './users';

/** Where the resources' `meta.location` points: PUBLIC_URL, or the host the client called. */
function baseUrlOf(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.config.publicUrl !== undefined) return ctx.config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.headers.host ?? `${ctx.config.host}:${ctx.config.port}`}`;
}

function problemOf(error: unknown): { problem: ScimProblem; internal: boolean } {
  if (error instanceof ScimError) return { problem: error.problem, internal: false };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) {
    const status = code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 413 : 400;
    return {
      problem: { status, scimType: 'invalidSyntax', detail: (error as Error).message },
      internal: false,
    };
  }
  const wire = toWireError(error);
  return {
    problem: { status: wire.statusCode, detail: wire.body.error.message },
    internal: wire.statusCode >= 500,
  };
}

function sendResource(
  reply: FastifyReply,
  resource: Record<string, unknown>,
  status = 200,
): Record<string, unknown> {
  const meta = resource.meta as { version: string; location: string };
  void reply.status(status).header('etag', meta.version).type(SCIM_CONTENT_TYPE);
  if (status === 201) void reply.header('location', meta.location);
  return resource;
}

const ifMatchOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers['if-match'];
  return typeof value === 'string' ? value : undefined;
};

/**
 * SCIM 2.0 (RFC 7644) provisioning: /scim/v2/Users and /scim/v2/Groups,
 * authenticated by `authorization: Bearer <SCIM_TOKEN>`. Every answer,
 * errors included, is application/scim+json in the RFC's shapes.
 */
export function scimRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(SCIM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string) as unknown);
      } catch {
        done(scimError(400, 'The body is not JSON.', 'invalidSyntax'));
      }
    });

    app.setErrorHandler((error, request, reply) => {
      const { problem, internal } = problemOf(error);
      if (internal) request.log.error({ err: error }, 'SCIM request failed');
      return reply.status(problem.status).type(SCIM_CONTENT_TYPE).send(scimErrorBody(problem));
    });

    app.addHook('onRequest', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const token = ctx.config.scimToken;
      if (token === undefined) throw scimError(403, 'SCIM is off: set SCIM_TOKEN to turn it on.');
      if (!isAdminToken(request.headers.authorization, token)) {
        void reply.header('www-authenticate', 'Bearer realm="scim"');
        throw scimError(401, 'A valid SCIM bearer token is required.');
      }
      await Promise.resolve();
    });

    const users = (request: FastifyRequest): ScimUsers =>
      new ScimUsers(ctx, baseUrlOf(ctx, request));
    const groups = (request: FastifyRequest): ScimGroups =>
      new ScimGroups(ctx, baseUrlOf(ctx, request));
    type Resources = ScimUsers | ScimGroups;

    const register = (path: string, of: (request: FastifyRequest) => Resources): void => {
      app.get(path, async (request, reply) => {
        const query = parseScim(scimListQuerySchema, request.query);
        void reply.type(SCIM_CONTENT_TYPE);
        return of(request).list(query);
      });
      app.post(path, async (request, reply) =>
        sendResource(reply, await of(request).create(request.body), 201),
      );
      app.get<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) =>
        sendResource(reply, await of(request).get(request.params.id)),
      );
      app.put<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) =>
        sendResource(
          reply,
          await of(request).replace(request.params.id, request.body, ifMatchOf(request)),
        ),
      );
      app.patch<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) =>
        sendResource(
          reply,
          await of(request).patch(request.params.id, request.body, ifMatchOf(request)),
        ),
      );
      app.delete<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
        const resources = of(request);
        // RFC 7644 3.14: a DELETE with If-Match deletes only that version.
        const ifMatch = ifMatchOf(request);
        if (ifMatch !== undefined) {
          const current = await resources.get(request.params.id);
          checkIfMatch(ifMatch, (current.meta as { version: string }).version);
        }
        await resources.delete(request.params.id);
        return reply.status(204).send();
      });
    };
    register('/scim/v2/Users', users);
    register('/scim/v2/Groups', groups);
    await Promise.resolve();
  };
}
