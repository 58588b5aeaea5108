import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireViewer } from '../accounts/viewer';
import { parseBody } from '../../http/form-body';
import { employeeBetaSettingsFormSchema, employeeBetaSettingsSchema } from '@messenger/core';
import { requireEmployee } from '../accounts/roles';
import { readPersonSetting, writePersonSetting } from './settings-repo';

export const EMPLOYEE_BETA_SETTING = 'employee_beta';

/**
 * Where the client goes after switching: the messenger's own root, so that the
 * next page load runs with the new setting. Absolute when PUBLIC_URL is known.
 */
function redirectTarget(publicUrl: string | undefined): string {
  return publicUrl === undefined ? '/' : new URL('/', publicUrl).href;
}

function isEnabled(stored: unknown): boolean {
  return (
    typeof stored === 'object' &&
    stored !== null &&
    (stored as { enabled?: unknown }).enabled === true
  );
}

/** The staff Public/Beta toggle (seed: POST to the settings employee-beta path). */
export function registerEmployeeBetaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/settings/employee_beta/', async (request) => {
    const viewer = requireViewer(request);
    requireEmployee(viewer);
    const settings = parseBody(request, employeeBetaSettingsSchema, employeeBetaSettingsFormSchema);
    await writePersonSetting(
      ctx.db,
      viewer.id,
      EMPLOYEE_BETA_SETTING,
      { enabled: settings.enabled },
      ctx.clock.now(),
    );
    return {
      enabled: settings.enabled,
      redirect_to: settings.redirect ? redirectTarget(ctx.config.publicUrl) : null,
    };
  });

  app.get('/settings/employee_beta/', async (request) => {
    const viewer = requireViewer(request);
    requireEmployee(viewer);
    const stored = await readPersonSetting(ctx.db, viewer.id, EMPLOYEE_BETA_SETTING);
    return { enabled: isEnabled(stored) };
  });
}
