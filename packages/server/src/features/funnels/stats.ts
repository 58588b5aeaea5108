import {
  FUNNEL_END_REASONS,
  FUNNEL_NAMES,
  SEARCH_FUNNEL_ACTIONS,
  type FunnelAction,
  type FunnelEndReason,
  type FunnelName,
} from '@messenger/core';

/** One stored funnel record, as the dashboard reads it. */
export interface StoredFunnel {
  name: string;
  person_id: string;
  end_reason: string;
  actions: readonly Pick<FunnelAction, 'name' | 'tag'>[];
}

export interface FunnelStep {
  action: string;
  /** Instances that recorded this action at least once. */
  reached: number;
  /** reached / the previous step's reached (1 for the first step); null when the previous is 0. */
  conversion: number | null;
}

export interface FunnelSummary {
  name: FunnelName;
  /** Instances logged (a funnel is logged when it ends, so every one counted here has ended). */
  started: number;
  ended: Record<FunnelEndReason, number>;
  steps: FunnelStep[];
}

export interface SearchSummary {
  /** Search funnel instances: one per typeahead session. */
  sessions: number;
  queries: number;
  queries_per_session: number | null;
  /** Selected results by entry type. */
  result_types: Record<string, number>;
  /** Sessions that ended without any result selected. */
  abandoned: number;
  abandonment_rate: number | null;
}

/** The funnels whose actions are the seed's search funnel events. */
export const SEARCH_FUNNEL_NAMES: readonly FunnelName[] = [
  'WWW_MESSENGER_SEARCH_FUNNEL',
  'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL',
  'WWW_MESSENGER_OMNIPICKER_FUNNEL',
  'WWW_MESSENGER_GROUP_CREATION_FUNNEL',
  'WWW_MESSENGER_SHARE_FUNNEL',
];

/** The search funnel's steps, in the order a successful search passes them (seed 4). */
const SEARCH_STEPS = [
  SEARCH_FUNNEL_ACTIONS.start,
  SEARCH_FUNNEL_ACTIONS.queryChanged,
  SEARCH_FUNNEL_ACTIONS.impressions,
  SEARCH_FUNNEL_ACTIONS.resultSelected,
];

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

function stepOrder(name: FunnelName, reachedBy: Map<string, number>): string[] {
  if (SEARCH_FUNNEL_NAMES.includes(name)) return SEARCH_STEPS;
  // Other funnels have no fixed order: the more instances reach a step, the earlier it is.
  return [...reachedBy.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([action]) => action);
}

export function summarizeFunnel(name: FunnelName, records: readonly StoredFunnel[]): FunnelSummary {
  const ended = Object.fromEntries(FUNNEL_END_REASONS.map((r) => [r, 0])) as Record<
    FunnelEndReason,
    number
  >;
  const reachedBy = new Map<string, number>();
  for (const record of records) {
    if (record.end_reason in ended) ended[record.end_reason as FunnelEndReason] += 1;
    for (const action of new Set(record.actions.map((a) => a.name))) {
      reachedBy.set(action, (reachedBy.get(action) ?? 0) + 1);
    }
  }
  let previous: number | null = null;
  const steps = stepOrder(name, reachedBy).map((action) => {
    const reached = reachedBy.get(action) ?? 0;
    const conversion = previous === null ? 1 : ratio(reached, previous);
    previous = reached;
    return { action, reached, conversion };
  });
  return { name, started: records.length, ended, steps };
}

export function summarizeSearch(records: readonly StoredFunnel[]): SearchSummary {
  const search = records.filter((r) => SEARCH_FUNNEL_NAMES.includes(r.name as FunnelName));
  let queries = 0;
  let abandoned = 0;
  const resultTypes: Record<string, number> = {};
  for (const record of search) {
    let selected = false;
    for (const action of record.actions) {
      if (action.name === SEARCH_FUNNEL_ACTIONS.queryChanged) queries += 1;
      if (action.name === SEARCH_FUNNEL_ACTIONS.resultSelected) {
        selected = true;
        const type = action.tag ?? 'unknown';
        resultTypes[type] = (resultTypes[type] ?? 0) + 1;
      }
    }
    if (!selected) abandoned += 1;
  }
  return {
    sessions: search.length,
    queries,
    queries_per_session: ratio(queries, search.length),
    result_types: resultTypes,
    abandoned,
    abandonment_rate: ratio(abandoned, search.length),
  };
}

export interface FunnelStats {
  funnels: FunnelSummary[];
  search: SearchSummary;
}

export function summarizeFunnels(records: readonly StoredFunnel[]): FunnelStats {
  const byName = new Map<string, StoredFunnel[]>();
  for (const record of records) {
    const list = byName.get(record.name) ?? [];
    list.push(record);
    byName.set(record.name, list);
  }
  return {
    funnels: FUNNEL_NAMES.map((name) => summarizeFunnel(name, byName.get(name) ?? [])),
    search: summarizeSearch(records),
  };
}
