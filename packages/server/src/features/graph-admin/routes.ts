import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { adminGuard } from '../network/routes';
import { answerBodyErrorsAsBadRequest } from '../../http/form-body';
import { applyGraphChanges } from './apply';

/** Batches are small (a thousand changes at most): the default body limit is plenty. */
const GRAPH_BODY_LIMIT = 256 * 1024;

/**
 * `POST /admin/graph` (`authorization: Bearer <ADMIN_TOKEN>`): the host
 * network's live changes to friendships, contacts, blocks, pages and their
 * admins, as a batch `{ changes: [...] }` (core graphChangesSchema), applied
 * all or nothing and pushed to the people concerned as graph_changed deltas.
 */
export function graphAdminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    answerBodyErrorsAsBadRequest(app);
    app.post(
      '/admin/graph',
      { bodyLimit: GRAPH_BODY_LIMIT, onRequest: adminGuard(ctx) },
      async (request, reply) => {
        const result = await applyGraphChanges(ctx, request.body);
        request.log.info(result, 'graph changed');
        void reply.header('cache-control', 'no-store');
        return result;
      },
    );
    await Promise.resolve();
  };
}
