import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseBody } from '../../http/form-body';
import { requireViewer } from '../accounts/viewer';
import { promotionLogFormSchema, promotionLogSchema } from '@messenger/core';
import { insertPromotionLog } from './log-repo';

/** The seed's quick-promotion log: what a person did with a promotion they were shown. */
export function registerPromotionLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/qp/action/log/', async (request) => {
    const viewer = requireViewer(request);
    const params = parseBody(request, promotionLogSchema, promotionLogFormSchema);
    const id = await insertPromotionLog(ctx.db, viewer.id, params, ctx.clock.now());
    return { ok: true, id };
  });
}
