import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireViewer } from '../accounts/viewer';
import { zodToBadRequest } from '../../http/form-body';
import { requireEmployee } from '../accounts/roles';
import { readStaffLog, STAFF_LOG_KINDS } from './log-repo';

export const STAFF_LOG_PAGE_DEFAULT = 50;
export const STAFF_LOG_PAGE_MAX = 200;

const paramsSchema = z.object({ kind: z.enum(STAFF_LOG_KINDS) });

const querySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'Expected a cursor from a previous page')
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.int().min(1).max(STAFF_LOG_PAGE_MAX))
    .optional(),
});

/** Staff read everything the seed's endpoints stored, newest first, by cursor pages. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/staff/logs/:kind', async (request) => {
    const viewer = requireViewer(request);
    requireEmployee(viewer);
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw zodToBadRequest(params.error);
    const query = querySchema.safeParse(request.query);
    if (!query.success) throw zodToBadRequest(query.error);
    return readStaffLog(
      ctx.db,
      params.data.kind,
      query.data.cursor ?? null,
      query.data.limit ?? STAFF_LOG_PAGE_DEFAULT,
    );
  });
}
