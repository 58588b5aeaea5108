import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseBody } from '../../http/form-body';
import { requireWork } from '../accounts/roles';
import { requireViewer } from '../accounts/viewer';
import { groupPurposeFormSchema, groupPurposeSchema } from '@messenger/core';
import { saveGroupPurpose } from './service';

/**
 * The work group-creation dialog's "purpose" step.
 * Order: who (401), may they (403), is the input good (400), write.
 */
export function registerGroupPurposeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/work/group_creation/dialog/save_purpose/', async (request) => {
    const viewer = requireViewer(request);
    requireWork(viewer);
    const params = parseBody(request, groupPurposeSchema, groupPurposeFormSchema);
    const id = await saveGroupPurpose(ctx, viewer, params);
    return { ok: true, id };
  });
}
