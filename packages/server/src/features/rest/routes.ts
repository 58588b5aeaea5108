import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { answerBodyErrorsAsBadRequest, registerFormParser } from './body';
import { registerEmployeeBetaRoutes } from './employee-beta-routes';
import { registerFunnelDashboardRoutes } from './funnel-dashboard-routes';
import { registerFunnelRoutes } from './funnel-routes';
import { registerLoggingRoutes } from './logging-routes';
import { registerNuxRoutes } from './nux-routes';
import { registerPromotionRoutes } from './promotions';
import { registerStaffRoutes } from './staff-routes';

/**
 * The seed's REST endpoints and the staff reader. Encapsulated: the form body
 * parser applies to these routes only.
 */
export function restRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    registerFormParser(app);
    answerBodyErrorsAsBadRequest(app);
    registerLoggingRoutes(app, ctx);
    registerNuxRoutes(app, ctx);
    registerEmployeeBetaRoutes(app, ctx);
    registerFunnelRoutes(app, ctx);
    registerStaffRoutes(app, ctx);
    registerFunnelDashboardRoutes(app, ctx);
    registerPromotionRoutes(app, ctx);
    await Promise.resolve();
  };
}
