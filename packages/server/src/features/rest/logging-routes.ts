import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireViewer } from '../accounts/viewer';
import { parseBody } from './body';
import {
  bugReportFormSchema,
  bugReportSchema,
  groupPurposeFormSchema,
  groupPurposeSchema,
  promotionLogFormSchema,
  promotionLogSchema,
} from '@messenger/core';
import { saveGroupPurpose } from './group-purpose-service';
import { insertBugReport, insertPromotionLog, readNetworkSetting } from './log-repo';
import { bugReportKindOf, requireEmployee, requireExternalBugReporter, requireWork } from './roles';

export const ALLOW_EXTERNAL_BUG_REPORTS = 'allow_external_bug_reports';

/**
 * The seed's logged dialogs: promotion actions, group purposes, bug reports.
 * Order in each handler: who (401), may they (403), is the input good (400), write.
 */
export function registerLoggingRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/qp/action/log/', async (request) => {
    const viewer = requireViewer(request);
    const params = parseBody(request, promotionLogSchema, promotionLogFormSchema);
    const id = await insertPromotionLog(ctx.db, viewer.id, params, ctx.clock.now());
    return { ok: true, id };
  });

  app.post('/work/group_creation/dialog/save_purpose/', async (request) => {
    const viewer = requireViewer(request);
    requireWork(viewer);
    const params = parseBody(request, groupPurposeSchema, groupPurposeFormSchema);
    const id = await saveGroupPurpose(ctx, viewer, params);
    return { ok: true, id };
  });

  app.post('/ajax/bugs/employee_report', async (request) => {
    const viewer = requireViewer(request);
    requireEmployee(viewer);
    const report = parseBody(request, bugReportSchema, bugReportFormSchema);
    const id = await insertBugReport(ctx.db, viewer.id, 'employee', report, ctx.clock.now());
    return { ok: true, id };
  });

  app.post('/ajax/bugs/report', async (request) => {
    const viewer = requireViewer(request);
    const allowed = (await readNetworkSetting(ctx.db, ALLOW_EXTERNAL_BUG_REPORTS)) === true;
    requireExternalBugReporter(viewer, allowed);
    const report = parseBody(request, bugReportSchema, bugReportFormSchema);
    const id = await insertBugReport(ctx.db, viewer.id, 'external', report, ctx.clock.now());
    return { ok: true, id };
  });

  // Read by the bug-nub: the one report path this person may use, or none.
  app.get('/ajax/bugs/reporting', async (request) => {
    const viewer = requireViewer(request);
    const allowed = (await readNetworkSetting(ctx.db, ALLOW_EXTERNAL_BUG_REPORTS)) === true;
    return { report: bugReportKindOf(viewer, allowed) };
  });
}
