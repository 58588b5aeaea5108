import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseBody } from '../../http/form-body';
import { requireViewer } from '../accounts/viewer';
import { bugReportFormSchema, bugReportSchema } from '@messenger/core';
import { requireEmployee } from '../accounts/roles';
import { bugReportKindOf, requireExternalBugReporter } from './gate';
import { insertBugReport, readNetworkSetting } from './repo';

export const ALLOW_EXTERNAL_BUG_REPORTS = 'allow_external_bug_reports';

/**
 * The seed's bug reports: staff file employee reports, others external ones
 * where the network allows it. Order in each handler: who (401), may they
 * (403), is the input good (400), write.
 */
export function registerBugReportRoutes(app: FastifyInstance, ctx: AppContext): void {
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
