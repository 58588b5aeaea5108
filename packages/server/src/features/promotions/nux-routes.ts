import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireViewer } from '../accounts/viewer';
import { parseBody } from '../../http/form-body';
import { nuxSchema } from '@messenger/core';
import { readNuxState, recordNuxEvent, type NuxEvent } from './nux-repo';

/** Basic onboarding prompts: view and dismiss (seed section 7), and the state the client starts from. */
export function registerNuxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const record = (event: NuxEvent) => async (request: FastifyRequest) => {
    const viewer = requireViewer(request);
    const { nux_id } = parseBody(request, nuxSchema);
    await recordNuxEvent(ctx.db, viewer.id, nux_id, event, ctx.clock.now());
    return { ok: true };
  };
  app.post('/ajax/nux/basic/view/', record('view'));
  app.post('/ajax/nux/basic/dismiss/', record('dismiss'));

  app.get('/ajax/nux/basic/state/', async (request) => {
    const viewer = requireViewer(request);
    return readNuxState(ctx.db, viewer.id);
  });
}
