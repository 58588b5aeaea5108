import type { EntryType } from '../search/types';
import { entryPointTag } from './entry-points';
import type { EntryPointPath } from './entry-points';
import { liveFunnel } from './funnel-manager';
import type { FunnelName } from './funnel-registry';
import type { FunnelEvent, FunnelManagerState } from './funnel-types';

/** Action names a search funnel records (seed section 4, Search funnel events). */
export const SEARCH_FUNNEL_ACTIONS = {
  start: 'start',
  reenter: 'reenter',
  queryChanged: 'query_changed',
  impressions: 'impressions',
  resultSelected: 'result_selected',
  sourceStarted: 'source_started',
  sourceEnded: 'source_ended',
  tokenRemoved: 'token_removed',
  clickedOnOtherThread: 'clicked_on_other_thread',
  end: 'end',
  singleResultSelected: 'single_result_selected',
  abandon: 'abandon',
} as const;

export const SEARCH_SOURCE_STATUSES = ['finished', 'failed'] as const;
export type SearchSourceStatus = (typeof SEARCH_SOURCE_STATUSES)[number];

export const BROADCAST_SEARCH_FUNNEL: FunnelName = 'WWW_MESSENGER_BROADCAST_SEARCH_FUNNEL';
export const SHARE_FUNNEL: FunnelName = 'WWW_MESSENGER_SHARE_FUNNEL';

/**
 * Funnels whose end says whether anyone was picked (seed 4, broadcast search
 * end). Share sends through the same broadcast, so its search ends the same way.
 */
const PICK_OR_ABANDON: ReadonlySet<FunnelName> = new Set([BROADCAST_SEARCH_FUNNEL, SHARE_FUNNEL]);

/** What happened in a typeahead, in the typeahead's own terms. */
export type SearchFunnelHappening =
  | {
      readonly type: 'start';
      readonly entryPoint?: EntryPointPath;
      /** Re-entering from the composer continues the live funnel instead of restarting it. */
      readonly fromComposer?: boolean;
    }
  | { readonly type: 'query_changed'; readonly query: string }
  | {
      readonly type: 'impressions';
      readonly entries: readonly { readonly uniqueID: string; readonly type: EntryType }[];
    }
  | {
      readonly type: 'result_selected';
      readonly uniqueID: string;
      readonly entryType: EntryType;
      /** Zero-based position in the dropdown. */
      readonly position: number;
    }
  | { readonly type: 'source_started'; readonly source: string }
  | {
      readonly type: 'source_ended';
      readonly source: string;
      readonly status: SearchSourceStatus;
    }
  | { readonly type: 'token_removed'; readonly uniqueID: string }
  | { readonly type: 'clicked_on_other_thread' }
  /** `picked` defaults to whether a result_selected was recorded. */
  | { readonly type: 'end'; readonly picked?: boolean };

function endAction(state: FunnelManagerState, name: FunnelName, picked?: boolean): string {
  if (!PICK_OR_ABANDON.has(name)) return SEARCH_FUNNEL_ACTIONS.end;
  const anyPicked =
    picked ??
    liveFunnel(state, name)?.actions.some(
      (action) => action.name === SEARCH_FUNNEL_ACTIONS.resultSelected,
    ) === true;
  return anyPicked ? SEARCH_FUNNEL_ACTIONS.singleResultSelected : SEARCH_FUNNEL_ACTIONS.abandon;
}

/**
 * Turns one typeahead happening into funnel-manager events for `name`. The
 * query text itself is never logged, only its length.
 */
export function searchFunnelEvents(
  state: FunnelManagerState,
  name: FunnelName,
  happening: SearchFunnelHappening,
): FunnelEvent[] {
  const action = (
    actionName: string,
    extra: Pick<Extract<FunnelEvent, { type: 'action' }>, 'tag' | 'payload'> = {},
  ): FunnelEvent => ({ type: 'action', name, action: actionName, ...extra });

  switch (happening.type) {
    case 'start': {
      if (happening.fromComposer === true && liveFunnel(state, name) !== undefined) {
        return [action(SEARCH_FUNNEL_ACTIONS.reenter)];
      }
      const tags = happening.entryPoint === undefined ? [] : [entryPointTag(happening.entryPoint)];
      return [{ type: 'start', name, tags }, action(SEARCH_FUNNEL_ACTIONS.start)];
    }
    case 'query_changed':
      return [
        action(SEARCH_FUNNEL_ACTIONS.queryChanged, {
          payload: { query_length: happening.query.length },
        }),
      ];
    case 'impressions': {
      const payload: Record<string, number> = { count: happening.entries.length };
      for (const entry of happening.entries) payload[entry.type] = (payload[entry.type] ?? 0) + 1;
      return [action(SEARCH_FUNNEL_ACTIONS.impressions, { payload })];
    }
    case 'result_selected':
      return [
        action(SEARCH_FUNNEL_ACTIONS.resultSelected, {
          tag: happening.entryType,
          payload: { unique_id: happening.uniqueID, position: happening.position },
        }),
      ];
    case 'source_started':
      return [action(SEARCH_FUNNEL_ACTIONS.sourceStarted, { tag: happening.source })];
    case 'source_ended':
      return [
        action(SEARCH_FUNNEL_ACTIONS.sourceEnded, {
          tag: happening.source,
          payload: { status: happening.status },
        }),
      ];
    case 'token_removed':
      return [
        action(SEARCH_FUNNEL_ACTIONS.tokenRemoved, { payload: { unique_id: happening.uniqueID } }),
      ];
    case 'clicked_on_other_thread':
      return [action(SEARCH_FUNNEL_ACTIONS.clickedOnOtherThread)];
    case 'end':
      return [action(endAction(state, name, happening.picked)), { type: 'end', name }];
  }
}
