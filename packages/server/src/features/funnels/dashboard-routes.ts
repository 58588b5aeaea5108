import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../storage/db';
import { requireViewer } from '../accounts/viewer';
import { zodToBadRequest } from '../../http/form-body';
import { summarizeFunnels, type FunnelStats, type StoredFunnel } from './stats';
import { requireEmployee } from '../accounts/roles';

const DAY_MS = 86_400_000;
/** Our limits: a year at most per view, and a cap on the records one view reads. */
export const DASHBOARD_MAX_DAYS = 366;
export const DASHBOARD_MAX_RECORDS = 50_000;
export const DASHBOARD_DEFAULT_DAYS = 7;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
  .transform((value, ctx) => {
    const ms = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
      ctx.addIssue({ code: 'custom', message: 'Expected a real date' });
      return z.NEVER;
    }
    return ms;
  });

const querySchema = z.object({ from: day.optional(), to: day.optional() }).superRefine((q, ctx) => {
  if (q.from !== undefined && q.to !== undefined) {
    if (q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
    } else if ((q.to - q.from) / DAY_MS + 1 > DASHBOARD_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${DASHBOARD_MAX_DAYS} days`,
      });
    }
  }
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface FunnelDashboard extends FunnelStats {
  /** Inclusive days, UTC, by the funnel's start time. */
  from: string;
  to: string;
  /** True when the range held more records than one view reads. */
  truncated: boolean;
}

async function readFunnels(db: Db, fromMs: number, toMs: number) {
  const rows = await db.read((k) =>
    k
      .selectFrom('funnel_logs')
      .select(['name', 'person_id', 'end_reason', 'actions'])
      .where('start_time', '>=', fromMs)
      .where('start_time', '<', toMs)
      .orderBy('id')
      .limit(DASHBOARD_MAX_RECORDS + 1)
      .execute(),
  );
  const records: StoredFunnel[] = rows.slice(0, DASHBOARD_MAX_RECORDS).map((row) => ({
    name: row.name,
    person_id: row.person_id,
    end_reason: row.end_reason,
    actions: JSON.parse(row.actions) as StoredFunnel['actions'],
  }));
  return { records, truncated: rows.length > DASHBOARD_MAX_RECORDS };
}

/** Staff only: funnel starts, ends by reason, step conversion, and the search summary. */
export function registerFunnelDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/staff/funnels/stats', async (request): Promise<FunnelDashboard> => {
    const viewer = requireViewer(request);
    requireEmployee(viewer);
    const parsed = querySchema.safeParse(request.query ?? {});
    if (!parsed.success) throw zodToBadRequest(parsed.error);
    const today = Math.floor(ctx.clock.now() / DAY_MS) * DAY_MS;
    const to = parsed.data.to ?? Math.max(today, parsed.data.from ?? today);
    const from = parsed.data.from ?? to - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS;
    const { records, truncated } = await readFunnels(ctx.db, from, to + DAY_MS);
    return { from: isoDay(from), to: isoDay(to), truncated, ...summarizeFunnels(records) };
  });
}
