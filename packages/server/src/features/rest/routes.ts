import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { answerBodyErrorsAsBadRequest, registerFormParser } from '../../http/form-body';
import { registerBugReportRoutes } from '../bug-reports/routes';
import { registerFunnelDashboardRoutes } from '../funnels/dashboard-routes';
import { registerFunnelRoutes } from '../funnels/routes';
import { registerGroupPurposeRoutes } from '../group-purpose/routes';
import { registerPromotionLogRoutes } from '../promotions/log-routes';
import { registerNuxRoutes } from '../promotions/nux-routes';
import { registerPromotionRoutes } from '../promotions/quick-promotions';
import { registerEmployeeBetaRoutes } from '../staff/employee-beta-routes';
import { registerStaffRoutes } from '../staff/log-routes';

/**
 * Mounts the seed's form-posting REST endpoints, each owned by its domain's
 * folder, under one encapsulated plugin so the form body parser applies to
 * these routes only.
 */
export function restRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    registerFormParser(app);
    answerBodyErrorsAsBadRequest(app);
    registerPromotionLogRoutes(app, ctx);
    registerGroupPurposeRoutes(app, ctx);
    registerBugReportRoutes(app, ctx);
    registerNuxRoutes(app, ctx);
    registerEmployeeBetaRoutes(app, ctx);
    registerFunnelRoutes(app, ctx);
    registerStaffRoutes(app, ctx);
    registerFunnelDashboardRoutes(app, ctx);
    registerPromotionRoutes(app, ctx);
    await Promise.resolve();
  };
}
