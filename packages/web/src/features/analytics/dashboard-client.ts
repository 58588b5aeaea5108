import type { Api } from '../../http/api';

/** GET /staff/funnels/stats, as the server's funnel-stats module shapes it. */
export interface FunnelStep {
  action: string;
  reached: number;
  conversion: number | null;
}

export interface FunnelSummary {
  name: string;
  started: number;
  ended: Record<string, number>;
  steps: FunnelStep[];
}

export interface SearchSummary {
  sessions: number;
  queries: number;
  queries_per_session: number | null;
  result_types: Record<string, number>;
  abandoned: number;
  abandonment_rate: number | null;
}

export interface FunnelDashboardData {
  from: string;
  to: string;
  truncated: boolean;
  funnels: FunnelSummary[];
  search: SearchSummary;
}

export const FUNNEL_STATS_PATH = '/staff/funnels/stats';

export function fetchFunnelStats(
  api: Api,
  range: { from?: string; to?: string },
): Promise<FunnelDashboardData> {
  const query = new URLSearchParams();
  if (range.from !== undefined && range.from !== '') query.set('from', range.from);
  if (range.to !== undefined && range.to !== '') query.set('to', range.to);
  const suffix = query.size === 0 ? '' : `?${query.toString()}`;
  return api.json<FunnelDashboardData>(`${FUNNEL_STATS_PATH}${suffix}`);
}
